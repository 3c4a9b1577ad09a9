import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ReloadOutlined from '@ant-design/icons-svg/es/asn/ReloadOutlined';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { downloadText } from '@/components/download';
import { Icon } from '@/components/Icon';
import { Select } from '@/components/Select';
import { Spin } from '@/components/Spin';
import { TextArea } from '@/components/TextArea';
import { randomHexId } from '@/lib/ids';
import { ChatStreamFailure, fitRequest, streamAnswer } from '@/lib/chat/chat-stream';
import { toast } from '@/lib/notify';
import { account } from '@/platform';
import { chatStorage } from '@/platform/storage';
import type { StoredChat, StoredChatMessage } from '@/platform/storage';
import { useSettings } from '@/stores/settings';
import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import type { ChatConfig } from '@shared/contracts/chat-base';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { AnswerStream } from './answer-stream';
import { ChatAnswer } from './ChatAnswer';
import { loadLibraries } from './markdown';
import { conversationMarkdown, titleOf } from './chatgpt.service';
import './chatgpt.css';

const PRESETS = ['none', 'translator', 'programmer', 'writer', 'teacher'] as const;
type Preset = (typeof PRESETS)[number];

interface Running {
  chatId: string;
  messageId: string;
  abort: AbortController;
  stream: AnswerStream;
}

/** How often an answer still streaming is saved (a closed tab keeps what came, marked as stopped). */
const KEEP_EVERY_MS = 2000;

const language = () => (document.documentElement.lang.toLowerCase().startsWith('en') ? 'en' : 'cn');

/** Module-level: the page's handlers stamp records with it (a clock read is no part of rendering). */
const now = () => Date.now();

const newChat = (preset: string): StoredChat => ({
  id: randomHexId(),
  title: '',
  preset,
  messages: [],
  createTime: now(),
  updateTime: now(),
});

export default function ChatgptPage() {
  const { t } = useTranslation('chatgpt');
  const [config, setConfig] = useState<ChatConfig | 'loading' | 'failed'>('loading');
  const [chats, setChats] = useState<StoredChat[]>([]);
  const [activeId, setActiveId] = useState<string>();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: string; text: string }>();
  const [running, setRunning] = useState<Running>();
  const [preset, setPreset] = useState<Preset>('none');
  const assistantModel = useSettings((state) => state.assistantModel);
  const updateSettings = useSettings((state) => state.update);
  const listRef = useRef<HTMLDivElement>(null);
  // Whether the reader is at the bottom of the conversation (then it follows the answer down).
  const pinnedRef = useRef(true);

  const loadConfig = useCallback(() => {
    account.get<ChatConfig>('/api/chat/config').then(setConfig, () => setConfig('failed'));
  }, []);

  useEffect(() => {
    loadConfig();
    chatStorage.list().then(
      (stored) => {
        setChats(stored);
        setActiveId((current) => current ?? stored[0]?.id);
      },
      (error: { code?: string }) => toast.error(t('storageFailed', { code: error.code ?? 'failed' })),
    );
  }, [loadConfig, t]);

  // Stop an answer still streaming when the page goes away.
  const runningRef = useRef(running);
  useEffect(() => {
    runningRef.current = running;
  }, [running]);
  useEffect(() => () => runningRef.current?.abort.abort(), []);

  // KaTeX and highlight.js arriving mid-answer would redraw every block drawn so far in one task.
  const enabled = config !== 'loading' && config !== 'failed' && config.enabled;
  useEffect(() => {
    if (enabled) void loadLibraries('$$x$$\n```');
  }, [enabled]);

  const models = config !== 'loading' && config !== 'failed' ? config.models : [];
  const model = models.includes(assistantModel) ? assistantModel : models[0];
  const active = chats.find((chat) => chat.id === activeId);

  const saveFailed = useCallback((error: { code?: string }) => toast.error(t('storageFailed', { code: error.code ?? 'failed' })), [t]);

  const store = useCallback(
    (chat: StoredChat) => {
      setChats((list) => [chat, ...list.filter((other) => other.id !== chat.id)]);
      chatStorage.save(chat).catch(saveFailed);
    },
    [saveFailed],
  );

  const say = (message: ServerMessage) => serverMessageText(message, language());

  /** Streams an answer to `history` (ending in the user's message) into a new assistant message of `chat`. */
  const answer = async (chat: StoredChat, history: StoredChatMessage[]) => {
    if (!model) return;
    const system = chat.preset !== 'none' ? t(`presetPrompts.${chat.preset as Exclude<Preset, 'none'>}`) : undefined;
    const request = fitRequest(
      model,
      system,
      history.map(({ role, content }) => ({ role, content })),
    );
    if (!request) {
      toast.error(t('tooLarge', { kilobytes: CHAT_REQUEST_MAX_BYTES / 1024 }));
      store({ ...chat, messages: history, updateTime: now() });
      return;
    }
    const reply: StoredChatMessage = { id: randomHexId(), role: 'assistant', content: '', model };
    let current: StoredChat = { ...chat, messages: [...history, reply], updateTime: now() };
    store(current);
    const abort = new AbortController();
    const stream = new AnswerStream();
    setRunning({ chatId: chat.id, messageId: reply.id, abort, stream });
    let text = '';
    let kept = now();
    const withReply = (patch: Partial<StoredChatMessage>): StoredChat => ({
      ...current,
      messages: current.messages.map((message) => (message.id === reply.id ? { ...message, content: text, ...patch } : message)),
      updateTime: now(),
    });
    const finish = (patch: Partial<StoredChatMessage>) => {
      stream.end();
      current = withReply(patch);
      store(current);
      setRunning(undefined);
    };
    try {
      await streamAnswer(request, abort.signal, (delta) => {
        text += delta;
        stream.append(delta);
        if (now() - kept > KEEP_EVERY_MS) {
          kept = now();
          chatStorage.save(withReply({ stopped: true })).catch(saveFailed);
        }
      });
      finish({});
    } catch (error) {
      if (abort.signal.aborted) finish({ stopped: true });
      else if (error instanceof ChatStreamFailure) finish({ error: error.serverMessage });
      else finish({ error: { key: 'chat.upstreamFailed' } });
    } finally {
      loadConfig();
    }
  };

  const submit = () => {
    const text = draft.trim();
    if (!text || running || !model) return;
    const chat = active ?? newChat(preset);
    const message: StoredChatMessage = { id: randomHexId(), role: 'user', content: text };
    setDraft('');
    setActiveId(chat.id);
    void answer({ ...chat, title: chat.title || titleOf(text) }, [...chat.messages, message]);
  };

  const regenerate = (chat: StoredChat) => {
    const lastUser = chat.messages.findLastIndex((message) => message.role === 'user');
    if (lastUser < 0 || running) return;
    void answer(chat, chat.messages.slice(0, lastUser + 1));
  };

  const resendEdited = (chat: StoredChat) => {
    if (!editing || running) return;
    const at = chat.messages.findIndex((message) => message.id === editing.id);
    const text = editing.text.trim();
    setEditing(undefined);
    if (at < 0 || !text) return;
    void answer(chat, [...chat.messages.slice(0, at), { ...chat.messages[at]!, content: text }]);
  };

  const remove = (chat: StoredChat) => {
    if (running?.chatId === chat.id) running.abort.abort();
    setChats((list) => list.filter((other) => other.id !== chat.id));
    if (activeId === chat.id) setActiveId(undefined);
    chatStorage.remove(chat.id).catch((error: { code?: string }) => toast.error(t('storageFailed', { code: error.code ?? 'failed' })));
  };

  const exportChat = (chat: StoredChat) => {
    const markdown = conversationMarkdown(chat.title || t('untitled'), chat.messages, { user: t('you'), assistant: t('assistant') });
    downloadText(markdown, `${(chat.title || 'chat').replace(/[\\/:*?"<>|]+/g, '_')}.md`, 'text/markdown;charset=utf-8');
  };

  // Follow the answer while the reader is at the bottom; leave them where they scrolled to otherwise.
  const follow = useCallback(() => {
    const list = listRef.current;
    if (list && pinnedRef.current) list.scrollTop = list.scrollHeight;
  }, []);
  const onScroll = () => {
    const list = listRef.current;
    if (list) pinnedRef.current = list.scrollHeight - list.scrollTop - list.clientHeight < 120;
  };
  useEffect(() => follow(), [follow, activeId, active?.messages.length]);

  if (config === 'loading') return <Spin tip={t('loading')} data-testid="chat-loading" />;
  if (config === 'failed') return <Alert type="error" showIcon message={t('configFailed')} data-testid="chat-config-failed" />;
  if (!config.enabled)
    return <Alert type="info" showIcon message={t('disabledTitle')} description={t('disabledText')} data-testid="chat-disabled" />;

  const quota = config.quota.limit === null ? t('quotaUnlimited') : t('quota', { used: config.quota.used, limit: config.quota.limit });
  const lastAssistant = active?.messages.findLastIndex((message) => message.role === 'assistant') ?? -1;

  return (
    <div className="chat-page">
      <aside className="chat-side" aria-label={t('conversations')}>
        <Button
          block
          icon={<Icon icon={PlusOutlined} />}
          disabled={Boolean(running)}
          onClick={() => {
            setActiveId(undefined);
            setEditing(undefined);
          }}
          data-testid="chat-new"
        >
          {t('newChat')}
        </Button>
        <ul className="chat-list">
          {chats.map((chat) => (
            <li key={chat.id} className={chat.id === activeId ? 'chat-list__item chat-list__item--active' : 'chat-list__item'}>
              <button
                type="button"
                className="chat-list__open"
                disabled={Boolean(running)}
                onClick={() => {
                  setActiveId(chat.id);
                  setEditing(undefined);
                }}
              >
                {chat.title || t('untitled')}
              </button>
              <Button
                size="small"
                type="text"
                icon={<Icon icon={DeleteOutlined} />}
                aria-label={t('deleteChat')}
                data-tip={t('deleteChat')}
                onClick={() => remove(chat)}
              />
            </li>
          ))}
        </ul>
      </aside>
      <section className="chat-main">
        <div className="chat-toolbar">
          <label className="chat-toolbar__field">
            <span>{t('model')}</span>
            <Select
              value={model}
              options={models.map((name) => ({ value: name, label: name }))}
              onChange={(next) => updateSettings({ assistantModel: next })}
              disabled={Boolean(running)}
              data-testid="chat-model"
            />
          </label>
          <label className="chat-toolbar__field">
            <span>{t('preset')}</span>
            <Select
              value={(active?.preset ?? preset) as Preset}
              options={PRESETS.map((id) => ({ value: id, label: t(`presets.${id}`) }))}
              onChange={(next) => (active ? store({ ...active, preset: next }) : setPreset(next))}
              disabled={Boolean(running)}
              data-testid="chat-preset"
            />
          </label>
          <span className="chat-toolbar__quota" data-testid="chat-quota">
            {quota}
          </span>
          {active && active.messages.length > 0 ? (
            <Button size="small" icon={<Icon icon={DownloadOutlined} />} onClick={() => exportChat(active)} data-testid="chat-export">
              {t('exportMarkdown')}
            </Button>
          ) : null}
        </div>
        <div className="chat-messages" ref={listRef} onScroll={onScroll} data-testid="chat-messages">
          {!active || active.messages.length === 0 ? <p className="chat-empty">{t('empty')}</p> : null}
          {active?.messages.map((message, index) => {
            const streaming = running?.messageId === message.id;
            return (
              <article key={message.id} className={`chat-message chat-message--${message.role}`} data-testid={`chat-${message.role}`}>
                <header className="chat-message__who">
                  {message.role === 'user' ? t('you') : `${t('assistant')}${message.model ? ` · ${message.model}` : ''}`}
                </header>
                {editing?.id === message.id ? (
                  <div className="chat-edit">
                    <TextArea
                      autoSize={{ minRows: 2, maxRows: 12 }}
                      value={editing.text}
                      onChange={(event) => setEditing({ id: message.id, text: event.target.value })}
                      aria-label={t('edit')}
                    />
                    <div className="chat-actions">
                      <Button size="small" type="primary" onClick={() => resendEdited(active)} data-testid="chat-edit-send">
                        {t('saveAndSend')}
                      </Button>
                      <Button size="small" onClick={() => setEditing(undefined)}>
                        {t('cancel')}
                      </Button>
                    </div>
                  </div>
                ) : message.role === 'user' ? (
                  <div className="chat-user-text">{message.content}</div>
                ) : message.content || streaming ? (
                  <ChatAnswer
                    text={message.content}
                    stream={streaming ? running?.stream : undefined}
                    waiting={t('thinking')}
                    onDraw={follow}
                  />
                ) : null}
                {message.error ? (
                  <Alert type="error" showIcon message={t('failed', { reason: say(message.error) })} data-testid="chat-error" />
                ) : null}
                {message.stopped ? <p className="chat-stopped">{t('stopped')}</p> : null}
                {!streaming && editing?.id !== message.id ? (
                  <div className="chat-actions">
                    <CopyButton text={message.content} />
                    {message.role === 'user' && !running ? (
                      <Button
                        size="small"
                        type="text"
                        icon={<Icon icon={EditOutlined} />}
                        aria-label={t('edit')}
                        data-tip={t('edit')}
                        onClick={() => setEditing({ id: message.id, text: message.content })}
                        data-testid="chat-edit"
                      />
                    ) : null}
                    {index === lastAssistant && !running ? (
                      <Button
                        size="small"
                        type="text"
                        icon={<Icon icon={ReloadOutlined} />}
                        aria-label={t('regenerate')}
                        data-tip={t('regenerate')}
                        onClick={() => regenerate(active)}
                        data-testid="chat-regenerate"
                      />
                    ) : null}
                  </div>
                ) : null}
              </article>
            );
          })}
        </div>
        <div className="chat-composer">
          <TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            value={draft}
            placeholder={t('inputPlaceholder')}
            aria-label={t('inputLabel')}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                submit();
              }
            }}
            data-testid="chat-input"
          />
          {running ? (
            <Button danger onClick={() => running.abort.abort()} data-testid="chat-stop">
              {t('stop')}
            </Button>
          ) : (
            <Button type="primary" disabled={!draft.trim() || !model} onClick={submit} data-testid="chat-send">
              {t('send')}
            </Button>
          )}
        </div>
      </section>
    </div>
  );
}
