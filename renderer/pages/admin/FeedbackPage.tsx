import { Button, Card, Input, List, Select } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FEEDBACK_REPLY_MAX_CHARS, FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@shared/contracts/feedback-base';
import type { Feedback, FeedbackStatus, FeedbackType } from '@shared/contracts/feedback-base';
import { feedbackApi } from '@/http/feedback';
import { toast } from '@/lib/notify';
import { FeedbackItem } from '../feedback/FeedbackItem';
import { usePagedList } from '../user/paging';
import './admin.css';

/** The admin's part of an item: its status and the reply (answering again replaces it). */
function FeedbackActions({ feedback, onChanged }: { feedback: Feedback; onChanged: () => void }) {
  const { t } = useTranslation('backOffice');
  const { t: ta } = useTranslation('account');
  const [reply, setReply] = useState(feedback.reply ?? '');
  const [busy, setBusy] = useState(false);

  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      toast.success(done);
      onChanged();
    } catch {
      // The API client showed the reason; the item stays as it was.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="feedback-admin__actions">
      <div className="feedback-admin__reply-row">
        <span id={`feedback-status-${feedback.id}`}>{t('feedback.statusLabel')}</span>
        <Select<FeedbackStatus>
          size="small"
          value={feedback.status}
          disabled={busy}
          aria-labelledby={`feedback-status-${feedback.id}`}
          style={{ minWidth: 120 }}
          options={FEEDBACK_STATUSES.map((status) => ({ value: status, label: ta(`feedback.status.${status}`) }))}
          onChange={(status) => void run(() => feedbackApi.setStatus(feedback.id, status), t('feedback.statusChanged'))}
          data-testid="feedback-status-select"
        />
      </div>
      <Input.TextArea
        value={reply}
        maxLength={FEEDBACK_REPLY_MAX_CHARS}
        autoSize={{ minRows: 2, maxRows: 8 }}
        placeholder={t('feedback.replyPlaceholder')}
        aria-label={t('feedback.replyPlaceholder')}
        onChange={(event) => setReply(event.target.value)}
        data-testid="feedback-reply-input"
      />
      <div className="feedback-admin__reply-row">
        <Button
          type="primary"
          size="small"
          loading={busy}
          disabled={!reply.trim() || reply === feedback.reply}
          onClick={() => void run(() => feedbackApi.reply(feedback.id, reply), t('feedback.replied'))}
          data-testid="feedback-reply-send"
        >
          {feedback.reply ? t('feedback.replyAgain') : t('feedback.replySend')}
        </Button>
      </div>
    </div>
  );
}

/** /admin/feedback: every feedback, newest first, filtered by status and type; status changes and replies. */
export default function FeedbackAdminPage() {
  const { t } = useTranslation('backOffice');
  const { t: ta } = useTranslation('account');
  const [status, setStatus] = useState<FeedbackStatus>();
  const [type, setType] = useState<FeedbackType>();
  const load = useCallback((pageNum: number, pageSize: number) => feedbackApi.all({ pageNum, pageSize, status, type }), [status, type]);
  const { tableProps, first, reload } = usePagedList<Feedback>(load);

  return (
    <Card title={t('feedback.title')} data-testid="feedback-admin-page">
      <div className="feedback-admin__filters">
        <Select<FeedbackStatus>
          allowClear
          placeholder={t('feedback.allStatuses')}
          aria-label={t('feedback.statusLabel')}
          style={{ minWidth: 140 }}
          value={status}
          options={FEEDBACK_STATUSES.map((value) => ({ value, label: ta(`feedback.status.${value}`) }))}
          onChange={(value) => {
            setStatus(value);
            first();
          }}
          data-testid="feedback-filter-status"
        />
        <Select<FeedbackType>
          allowClear
          placeholder={t('feedback.allTypes')}
          aria-label={t('feedback.typeLabel')}
          style={{ minWidth: 120 }}
          value={type}
          options={FEEDBACK_TYPES.map((value) => ({ value, label: ta(`feedback.type.${value}`) }))}
          onChange={(value) => {
            setType(value);
            first();
          }}
          data-testid="feedback-filter-type"
        />
      </div>
      <List<Feedback>
        dataSource={tableProps.dataSource}
        loading={tableProps.loading}
        locale={tableProps.locale}
        pagination={tableProps.pagination}
        rowKey="id"
        renderItem={(feedback) => (
          <List.Item>
            <FeedbackItem
              feedback={feedback}
              actions={<FeedbackActions key={`${feedback.id}-${feedback.updateTime}`} feedback={feedback} onChanged={reload} />}
            />
          </List.Item>
        )}
        data-testid="feedback-admin-list"
      />
    </Card>
  );
}
