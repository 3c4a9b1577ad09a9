import { useEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/app/language';
import { PlainButton } from '@/layouts/plain/parts';
import { ChatStreamFailure, fitRequest, streamAnswer } from '@/lib/chat/chat-stream';
import { account } from '@/platform';
import { useSettings } from '@/stores/settings';
import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import type { ChatConfig, ChatMessage } from '@shared/contracts/chat-base';
import { serverMessageText } from '@shared/contracts/server-messages';

interface Turn {
  role: 'user' | 'assistant';
  content: string;
  error?: string;
  stopped?: boolean;
}

/**
 * One conversation with the site's chat proxy (the /chatgpt page's stream, renderer/lib/chat), kept
 * in memory only: it is a quick question about the page, not something to keep.
 */
export function AssistantChat({ page }: { page: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const assistantModel = useSettings((state) => state.assistantModel);
  const [config, setConfig] = useState<ChatConfig | 'loading' | 'failed'>('loading');
  const [turns, setTurns] = useState<Turn[]>([]);
  const [draft, setDraft] = useState('');
  const [running, setRunning] = useState<AbortController>();
  const list = useRef<HTMLDivElement>(null);

  useEffect(() => {
    account.get<ChatConfig>('/api/chat/config').then(setConfig, () => setConfig('failed'));
  }, []);
  // Stops a running answer when the assistant goes away (the setting turned off).
  useEffect(() => () => running?.abort(), [running]);

  const lastContent = turns.at(-1)?.content;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [lastContent, turns.length]);

  if (config === 'loading') return <p className="bb-assistant-panel__note">{t('assistant.chatLoading')}</p>;
  if (config === 'failed' || !config.enabled)
    return (
      <p className="bb-assistant-panel__note" data-testid="assistant-chat-off">
        {t('assistant.chatOff')}
      </p>
    );
  const model = config.models.includes(assistantModel) ? assistantModel : config.models[0];

  const send = async () => {
    const text = draft.trim();
    if (!text || running || !model) return;
    const history: ChatMessage[] = [
      ...turns.filter((turn) => !turn.error && turn.content).map(({ role, content }) => ({ role, content })),
      { role: 'user', content: text },
    ];
    const request = fitRequest(model, t('assistant.systemPrompt', { page }), history);
    if (!request) {
      setTurns((list) => [
        ...list,
        { role: 'user', content: text },
        { role: 'assistant', content: '', error: t('assistant.tooLarge', { kilobytes: CHAT_REQUEST_MAX_BYTES / 1024 }) },
      ]);
      return;
    }
    setDraft('');
    setTurns((list) => [...list, { role: 'user', content: text }, { role: 'assistant', content: '' }]);
    const abort = new AbortController();
    setRunning(abort);
    let answer = '';
    let frame = 0;
    const patchLast = (patch: Partial<Turn>) => setTurns((list) => [...list.slice(0, -1), { ...list.at(-1)!, ...patch }]);
    // Deltas come far more often than frames: the panel draws at most once per frame.
    const draw = () => {
      frame = 0;
      patchLast({ content: answer });
    };
    try {
      await streamAnswer(request, abort.signal, (delta) => {
        answer += delta;
        frame ||= requestAnimationFrame(draw);
      });
      if (frame) cancelAnimationFrame(frame);
      patchLast({ content: answer });
    } catch (error) {
      if (frame) cancelAnimationFrame(frame);
      if (abort.signal.aborted) patchLast({ content: answer, stopped: true });
      else
        patchLast({
          content: answer,
          error: serverMessageText(error instanceof ChatStreamFailure ? error.serverMessage : { key: 'chat.upstreamFailed' }, language),
        });
    } finally {
      setRunning(undefined);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <section className="bb-assistant-chat" aria-label={t('assistant.chatTitle')} data-testid="assistant-chat">
      <h3 className="bb-assistant-panel__subtitle">{t('assistant.chatTitle')}</h3>
      {turns.length > 0 && (
        <div ref={list} className="bb-assistant-chat__messages" aria-live="polite">
          {turns.map((turn, index) => (
            <p key={index} className="bb-assistant-chat__message" data-role={turn.role} data-testid={`assistant-chat-${turn.role}`}>
              {turn.content || (turn.role === 'assistant' && !turn.error && running ? t('assistant.thinking') : '')}
              {turn.stopped && ` ${t('assistant.stopped')}`}
              {turn.error && <span className="bb-assistant-chat__error">{turn.error}</span>}
            </p>
          ))}
        </div>
      )}
      <textarea
        className="bb-assistant-chat__input"
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={t('assistant.chatPlaceholder')}
        aria-label={t('assistant.chatPlaceholder')}
        data-testid="assistant-chat-input"
      />
      <div className="bb-assistant-chat__actions">
        {running ? (
          <PlainButton onClick={() => running.abort()} data-testid="assistant-chat-stop">
            {t('assistant.stop')}
          </PlainButton>
        ) : (
          <PlainButton variant="primary" disabled={!draft.trim()} onClick={() => void send()} data-testid="assistant-chat-send">
            {t('assistant.send')}
          </PlainButton>
        )}
      </div>
      <p className="bb-assistant-panel__note">{t('assistant.chatHint')}</p>
    </section>
  );
}
