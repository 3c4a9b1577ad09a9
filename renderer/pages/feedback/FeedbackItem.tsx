import { PictureOutlined } from '@ant-design/icons';
import { Button, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feedback, FeedbackStatus } from '@shared/contracts/feedback-base';
import { feedbackApi } from '@/http/feedback';
import { formatDateTime } from '../user/date-time';
import './feedback.css';

const STATUS_COLORS: Record<FeedbackStatus, string> = { NEW: 'blue', IN_PROGRESS: 'gold', DONE: 'green', WONT_DO: 'default' };
const timeOf = (ms: number) => formatDateTime(new Date(ms).toISOString());

export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation('account');
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="feedback-status">
      {t(`feedback.status.${status}`)}
    </Tag>
  );
}

/** Loads the screenshot when asked (it may be large, and it needs the session). */
function Screenshot({ shot }: { shot: string }) {
  const { t } = useTranslation('account');
  const [url, setUrl] = useState<string>();
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  if (url) return <img className="feedback-item__shot" src={url} alt={t('feedback.screenshot')} data-testid="feedback-shot" />;
  return (
    <Button
      size="small"
      icon={<PictureOutlined />}
      loading={state === 'loading'}
      onClick={() => {
        setState('loading');
        feedbackApi.screenshot(shot).then(
          (blob) => setUrl(URL.createObjectURL(blob)),
          () => setState('failed'),
        );
      }}
      data-testid="feedback-show-shot"
    >
      {state === 'failed' ? t('feedback.screenshotFailed') : t('feedback.showScreenshot')}
    </Button>
  );
}

/**
 * One feedback as its sender and the admin both see it: type, status, time, the text (plain text,
 * so HTML in it stays text), what came with it, and the admin's reply. `actions` is the admin's part.
 */
export function FeedbackItem({ feedback, actions }: { feedback: Feedback; actions?: ReactNode }) {
  const { t } = useTranslation('account');
  return (
    <article className="feedback-item" data-testid="feedback-item" data-id={feedback.id}>
      <header className="feedback-item__head">
        <Tag>{t(`feedback.type.${feedback.type}`)}</Tag>
        <FeedbackStatusTag status={feedback.status} />
        <Typography.Text type="secondary">{timeOf(feedback.createTime)}</Typography.Text>
      </header>
      <div className="feedback-item__content" data-testid="feedback-content">
        {feedback.content}
      </div>
      <dl className="feedback-item__facts">
        {feedback.page && (
          <>
            <dt>{t('feedback.page')}</dt>
            <dd>
              <code>{feedback.page}</code>
            </dd>
          </>
        )}
        {feedback.contact && (
          <>
            <dt>{t('feedback.contact')}</dt>
            <dd>{feedback.contact}</dd>
          </>
        )}
        {feedback.screenshot && (
          <>
            <dt>{t('feedback.screenshot')}</dt>
            <dd>
              <Screenshot shot={feedback.screenshot} />
            </dd>
          </>
        )}
      </dl>
      {feedback.environment && (
        <details className="feedback-item__env">
          <summary>{t('feedback.environment')}</summary>
          <pre>{feedback.environment}</pre>
        </details>
      )}
      {feedback.reply && (
        <div className="feedback-item__reply" data-testid="feedback-reply">
          <Typography.Text strong>
            {t('feedback.reply')}
            {feedback.replyTime && <span className="feedback-item__reply-time"> {timeOf(feedback.replyTime)}</span>}
          </Typography.Text>
          <div className="feedback-item__content">{feedback.reply}</div>
        </div>
      )}
      {actions}
    </article>
  );
}
