import {
  CodeOutlined,
  GiftOutlined,
  MenuOutlined,
  MessageOutlined,
  RobotOutlined,
  SearchOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { FloatButton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useAssistant } from '@/assistant/store';
import { useFurniture } from '@/stores/furniture';
import { usePageState } from '@/stores/page';
import { useSettings } from '@/stores/settings';
import { feedbackRouteExists, FEEDBACK_PATH } from './feedback-route';
import { useFurnitureTexts } from './furniture-texts';

/**
 * The floating menu (spec §1/§2): back to top, feedback, welfare, console, settings and search; on
 * a phone also the animated assistant, whose character stays hidden there.
 * Feedback shows once its page exists (issue 20), welfare once the site owner gave it content.
 * On a phone the header already carries search and settings, so the rest folds behind one small
 * button beside "back to top".
 */
export default function FloatMenu({ onOpenSearch, onOpenSettings }: { onOpenSearch(): void; onOpenSettings(): void }) {
  const { t } = useTranslation();
  const texts = useFurnitureTexts();
  const language = useLanguage();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const visible = useSettings((state) => state.floatMenuVisible);
  const consoleVisible = useSettings((state) => state.consoleVisible);
  const update = useSettings((state) => state.update);
  const welfareAvailable = useFurniture((state) => state.welfareAvailable);
  const isMobile = usePageState((state) => state.isMobileSize);
  const assistantVisible = useSettings((state) => state.assistantVisible);
  if (!visible) return null;

  const entries = (
    <>
      {feedbackRouteExists() && (
        <FloatButton
          icon={<MessageOutlined />}
          tooltip={texts.feedback}
          aria-label={texts.feedback}
          // The feedback page says which page the report is about.
          onClick={() => void navigate(`${localizePath(FEEDBACK_PATH, language)}?from=${encodeURIComponent(`${pathname}${search}`)}`)}
          data-testid="float-feedback"
        />
      )}
      {welfareAvailable && (
        <FloatButton
          icon={<GiftOutlined />}
          tooltip={texts.welfare}
          aria-label={texts.welfare}
          onClick={() => useFurniture.getState().show('welfare')}
          data-testid="float-welfare"
        />
      )}
      {isMobile && assistantVisible && (
        <FloatButton
          icon={<RobotOutlined />}
          tooltip={texts.assistant}
          aria-label={texts.assistant}
          onClick={() => useAssistant.getState().show()}
          data-testid="float-assistant"
        />
      )}
      <FloatButton
        icon={<CodeOutlined />}
        tooltip={texts.console}
        aria-label={texts.console}
        aria-pressed={consoleVisible}
        type={consoleVisible ? 'primary' : 'default'}
        onClick={() => update({ consoleVisible: !consoleVisible })}
        data-testid="float-console"
      />
    </>
  );

  if (isMobile)
    return (
      <>
        <FloatButton.Group
          trigger="click"
          shape="circle"
          icon={<MenuOutlined />}
          aria-label={texts.more}
          style={{ insetInlineEnd: 16, insetBlockEnd: 120 }}
        >
          {entries}
        </FloatButton.Group>
        <FloatButton.BackTop
          tooltip={t('nav.backToTop')}
          aria-label={t('nav.backToTop')}
          visibilityHeight={400}
          style={{ insetInlineEnd: 16, insetBlockEnd: 72 }}
          data-testid="float-back-top"
        />
      </>
    );
  return (
    <FloatButton.Group shape="circle" style={{ insetInlineEnd: 20, insetBlockEnd: 64 }}>
      <FloatButton
        icon={<SearchOutlined />}
        tooltip={t('search.trigger')}
        aria-label={t('search.trigger')}
        onClick={onOpenSearch}
        data-testid="float-search"
      />
      {entries}
      <FloatButton
        icon={<SettingOutlined />}
        tooltip={t('nav.settings')}
        aria-label={t('nav.settings')}
        onClick={onOpenSettings}
        data-testid="float-settings"
      />
      <FloatButton.BackTop
        tooltip={t('nav.backToTop')}
        aria-label={t('nav.backToTop')}
        visibilityHeight={200}
        data-testid="float-back-top"
      />
    </FloatButton.Group>
  );
}
