import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  FEEDBACK_API,
  FEEDBACK_CONTENT_MAX_CHARS,
  FEEDBACK_SCREENSHOT_MAX_BYTES,
  FEEDBACK_SCREENSHOT_TYPES,
  FEEDBACK_TYPES,
} from '@shared/contracts/feedback-base';
import type { FeedbackType } from '@shared/contracts/feedback-base';
import { useLocalize } from '@/app/language';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { FileDropZone } from '@/components/FileDropZone';
import { Input } from '@/components/Input';
import { LinkButton } from '@/components/LinkButton';
import { Panel } from '@/components/Panel';
import { RadioGroup } from '@/components/Radio';
import { Paragraph, Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { formatFileSize } from '@/lib/format';
import { account } from '@/platform';
import { environmentSummary, feedbackRequest, sourcePage } from './feedback.service';
import '@/components/components.css';
import './feedback.css';

const MAX_SIZE = formatFileSize(FEEDBACK_SCREENSHOT_MAX_BYTES);

function currentEnvironment(): string {
  return environmentSummary({
    userAgent: navigator.userAgent,
    language: navigator.language,
    screen: { width: screen.width, height: screen.height },
    viewport: { width: window.innerWidth, height: window.innerHeight },
    pixelRatio: window.devicePixelRatio || 1,
    theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light',
  });
}

function useUserId(): number | undefined {
  const [userId, setUserId] = useState(account.userId);
  useEffect(() => account.onChange(setUserId), []);
  return userId;
}

/** /user/suggest: feedback from anyone; a logged-in sender follows it in the user center (/user/center/feedback). */
export default function FeedbackPage() {
  const { t } = useTranslation('feedback');
  const localize = useLocalize();
  const ids = useId();
  const userId = useUserId();
  const [params] = useSearchParams();
  const [type, setType] = useState<FeedbackType>('BUG');
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [screenshot, setScreenshot] = useState<File>();
  const [page, setPage] = useState(() => sourcePage(params.get('from')));
  const [environment, setEnvironment] = useState<string | undefined>(currentEnvironment);
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [error, setError] = useState<string>();

  function pick([file]: File[]) {
    if (!file) return;
    setError(undefined);
    if (file.size > FEEDBACK_SCREENSHOT_MAX_BYTES) {
      setError(t('screenshot.tooLarge', { size: MAX_SIZE }));
      return;
    }
    setScreenshot(file);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setState('sending');
    setError(undefined);
    try {
      const input = { type, content, contact, ...(page ? { page } : {}), ...(environment ? { environment } : {}) };
      await account.post(FEEDBACK_API, feedbackRequest(input, screenshot));
      setState('sent');
    } catch (failure) {
      // The client's error carries the server's message in the page's language.
      setError(t('failed', { message: failure instanceof Error ? failure.message : String(failure) }));
      setState('editing');
    }
  }

  function again() {
    setContent('');
    setScreenshot(undefined);
    setState('editing');
  }

  if (state === 'sent')
    return (
      <Panel className="feedback">
        <Alert
          type="success"
          showIcon
          message={t('thanks')}
          description={userId === undefined ? t('thanksAnonymous') : t('thanksLogged')}
          data-testid="feedback-sent"
        />
        <div className="feedback__actions">
          {userId !== undefined && (
            <LinkButton type="primary" to={localize('/user/center/feedback')}>
              {t('myFeedback')}
            </LinkButton>
          )}
          <Button onClick={again}>{t('another')}</Button>
        </div>
      </Panel>
    );

  return (
    <Panel className="feedback">
      <Paragraph type="secondary">{t('intro')}</Paragraph>
      <form className="bb-form" onSubmit={(event) => void send(event)} data-testid="feedback-form">
        <Field label={<span id={`${ids}-type`}>{t('type.label')}</span>}>
          <RadioGroup
            optionType="button"
            aria-labelledby={`${ids}-type`}
            options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
            value={type}
            onChange={setType}
            data-testid="feedback-type"
          />
        </Field>
        <Field label={t('content.label')} htmlFor={`${ids}-content`}>
          <TextArea
            id={`${ids}-content`}
            required
            value={content}
            maxLength={FEEDBACK_CONTENT_MAX_CHARS}
            placeholder={t('content.placeholder')}
            autoSize={{ minRows: 5, maxRows: 14 }}
            onChange={(event) => setContent(event.target.value)}
            data-testid="feedback-content"
          />
          <Text type="secondary" className="feedback__count">
            {content.length} / {FEEDBACK_CONTENT_MAX_CHARS}
          </Text>
        </Field>
        <Field label={t('screenshot.label')}>
          {screenshot ? (
            <div className="feedback__attached-row" data-testid="feedback-screenshot">
              <Text ellipsis>{screenshot.name}</Text>
              <Text type="secondary">{formatFileSize(screenshot.size)}</Text>
              <Button type="link" size="small" onClick={() => setScreenshot(undefined)}>
                {t('screenshot.remove')}
              </Button>
            </div>
          ) : (
            <FileDropZone
              compact
              multiple={false}
              accept={FEEDBACK_SCREENSHOT_TYPES.join(',')}
              hint={t('screenshot.hint', { size: MAX_SIZE })}
              onFiles={pick}
              inputTestId="feedback-screenshot-input"
            />
          )}
        </Field>
        <Field label={t('contact.label')} htmlFor={`${ids}-contact`} extra={t('contact.hint')}>
          <Input
            id={`${ids}-contact`}
            type="email"
            autoComplete="email"
            value={contact}
            placeholder={t('contact.placeholder')}
            onChange={(event) => setContact(event.target.value)}
            data-testid="feedback-contact"
          />
        </Field>
        <Field label={t('attached.label')} extra={t('attached.hint')}>
          <div className="feedback__attached" data-testid="feedback-attached">
            {page && (
              <div className="feedback__attached-row">
                <Text strong>{t('attached.page')}</Text>
                <code className="feedback__page" data-testid="feedback-page">
                  {page}
                </code>
                <Button
                  type="link"
                  size="small"
                  aria-label={`${t('attached.remove')} ${t('attached.page')}`}
                  onClick={() => setPage(undefined)}
                >
                  {t('attached.remove')}
                </Button>
              </div>
            )}
            {environment && (
              <div className="feedback__attached-env">
                <div className="feedback__attached-row">
                  <Text strong>{t('attached.environment')}</Text>
                  <Button
                    type="link"
                    size="small"
                    aria-label={`${t('attached.remove')} ${t('attached.environment')}`}
                    onClick={() => setEnvironment(undefined)}
                    data-testid="feedback-remove-environment"
                  >
                    {t('attached.remove')}
                  </Button>
                </div>
                <pre className="feedback__environment" data-testid="feedback-environment">
                  {environment}
                </pre>
              </div>
            )}
            {!page && !environment && <Text type="secondary">{t('attached.none')}</Text>}
          </div>
        </Field>
        {error && <Alert type="error" showIcon message={error} data-testid="feedback-error" />}
        <div className="feedback__actions">
          <Button type="primary" htmlType="submit" loading={state === 'sending'} disabled={!content.trim()} data-testid="feedback-submit">
            {state === 'sending' ? t('sending') : t('submit')}
          </Button>
          {userId !== undefined && <LinkButton to={localize('/user/center/feedback')}>{t('myFeedback')}</LinkButton>}
        </div>
      </form>
    </Panel>
  );
}
