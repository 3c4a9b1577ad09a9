import { Card, List } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback } from '@shared/contracts/feedback-base';
import { useLocalize } from '@/app/language';
import { LinkButton } from '@/components/LinkButton';
import { feedbackApi } from '@/http/feedback';
import { FeedbackItem } from '../../feedback/FeedbackItem';
import { LoginRequired } from '../LoginRequired';
import { usePagedList } from '../paging';
import '../account.css';

function MyFeedbackList() {
  const load = useCallback((pageNum: number, pageSize: number) => feedbackApi.mine({ pageNum, pageSize }), []);
  const { tableProps } = usePagedList<Feedback>(load);
  return (
    <List<Feedback>
      dataSource={tableProps.dataSource}
      loading={tableProps.loading}
      locale={tableProps.locale}
      pagination={tableProps.pagination}
      rowKey="id"
      renderItem={(feedback) => (
        <List.Item>
          <FeedbackItem feedback={feedback} />
        </List.Item>
      )}
      data-testid="my-feedback"
    />
  );
}

/** /user/center/feedback: what the member sent from /user/suggest, its status and the admin's reply. */
export default function FeedbackPage() {
  const { t } = useTranslation('account');
  const localize = useLocalize();
  return (
    <div className="account-page" data-testid="my-feedback-page">
      <Card
        title={t('feedback.mineTitle')}
        extra={
          <LinkButton type="primary" size="small" to={localize('/user/suggest')}>
            {t('feedback.send')}
          </LinkButton>
        }
      >
        <LoginRequired>
          <MyFeedbackList />
        </LoginRequired>
      </Card>
    </div>
  );
}
