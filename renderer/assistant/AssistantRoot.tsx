import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useRouteHandle } from '@/app/route-handle';
import { feedbackRouteExists, FEEDBACK_PATH } from '@/layouts/default/feedback-route';
import { Icon } from '@/layouts/plain/icon';
import { PlainButton } from '@/layouts/plain/parts';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import { AssistantChat } from './AssistantChat';
import { Character } from './Character';
import { useAssistant } from './store';
import { tipsFor } from './tips';
import { useLift } from './use-lift';
import './texts';
import './assistant.css';

/** The side menu's widths (plain/menu.css): the character sits just right of it. */
const SIDER_WIDTH = { open: 220, collapsed: 80 };

/**
 * The animated assistant: a character in the bottom-left corner and, once opened, its panel of tips
 * for the current page and a mini chat when the site has chat. The panel stays mounted once opened
 * (hidden when closed), so a conversation lasts until the page is reloaded.
 */
export default function AssistantRoot() {
  const { t } = useTranslation();
  const language = useLanguage();
  const { pathname, search } = useLocation();
  const open = useAssistant((state) => state.open);
  const visible = useSettings((state) => state.assistantVisible);
  const { layoutMode, sideCollapsed } = useSettings();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [used, setUsed] = useState(false);
  const [dropZone, setDropZone] = useState(false);
  const character = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const { lift, handlers, clickUnlessDragged } = useLift();
  if (open && !used) setUsed(true);

  const handle = useRouteHandle();
  const tool = handle?.kind === 'tool' ? handle.tool : undefined;
  const texts = tool?.texts[language];

  useEffect(() => {
    if (!open) return;
    const fallback = character.current;
    // The opener (the character, or the floating menu's entry on a phone) gets the focus back.
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') useAssistant.getState().close();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      const back = opener.current?.isConnected ? opener.current : fallback;
      back?.focus();
    };
  }, [open]);

  // Read when the panel opens and on each page it stays open over (a frame later, once the page
  // drew): the tips follow what the page shows.
  useEffect(() => {
    if (!open) return;
    const frame = requestAnimationFrame(() => setDropZone(document.querySelector('main .bb-dropzone') !== null));
    return () => cancelAnimationFrame(frame);
  }, [open, pathname]);

  const start = !isMobile && layoutMode === 'side' ? (sideCollapsed ? SIDER_WIDTH.collapsed : SIDER_WIDTH.open) + 16 : 16;
  const tips = tipsFor({ tool: tool && { uploads: tool.uploads }, dropZone });
  const toggle = () => (open ? useAssistant.getState().close() : useAssistant.getState().show());

  return (
    <div style={{ ['--bb-assistant-start' as string]: `${start}px`, ['--bb-assistant-lift' as string]: `${lift}px` }}>
      {visible && (
        <button
          ref={character}
          type="button"
          className="bb-assistant"
          aria-label={t(open ? 'assistant.close' : 'assistant.open')}
          title={t('assistant.moveHint')}
          aria-expanded={open}
          {...handlers}
          onClick={clickUnlessDragged(toggle)}
          data-testid="assistant-character"
        >
          <Character />
        </button>
      )}
      {used && (
        <div
          ref={panel}
          className="bb-assistant-panel"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          hidden={!open}
          data-testid="assistant-panel"
        >
          <div className="bb-assistant-panel__head">
            <h2 id={titleId} className="bb-assistant-panel__title">
              {t('assistant.title')}
            </h2>
            <PlainButton
              variant="text"
              small
              icon={<Icon icon={CloseOutlined} />}
              aria-label={t('assistant.close')}
              onClick={() => useAssistant.getState().close()}
              data-testid="assistant-close"
            />
          </div>
          <div className="bb-assistant-panel__body">
            <h3 className="bb-assistant-panel__subtitle">
              {texts ? t('assistant.tipsFor', { title: texts.title }) : t('assistant.tipsHere')}
            </h3>
            <ul className="bb-assistant-tips" data-testid="assistant-tips">
              {texts && <li>{texts.description}</li>}
              {tips.map((tip) => (
                <li key={tip} data-tip={tip}>
                  {t(`assistant.tips.${tip}`)}
                </li>
              ))}
            </ul>
            {feedbackRouteExists() && (
              <Link
                to={`${localizePath(FEEDBACK_PATH, language)}?from=${encodeURIComponent(`${pathname}${search}`)}`}
                onClick={() => useAssistant.getState().close()}
                data-testid="assistant-feedback"
              >
                {t('assistant.feedback')}
              </Link>
            )}
            <AssistantChat page={texts ? `${texts.title} — ${texts.description}` : document.title} />
          </div>
        </div>
      )}
    </div>
  );
}
