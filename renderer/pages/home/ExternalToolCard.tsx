import ExportOutlined from '@ant-design/icons-svg/es/asn/ExportOutlined';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/app/language';
import { Icon } from '@/layouts/plain/icon';
import { EXTERNAL_TOOL_ICONS } from '@/layouts/plain/external-tool-icons';
import { launchExternalTool } from '@/lib/external-tool-launch';
import type { ExternalTool } from '@/lib/external-tools';
import './tool-card.css';

/**
 * A card of a tool on another host: the same box as ToolCard, but its link opens a new window with
 * the handshake instead of a route (the href stays for "open in new tab" and for reading it), and it
 * has no star, since favourites are our own tools.
 */
export default function ExternalToolCard({ tool, zoomed }: { tool: ExternalTool; zoomed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={`tool-card${zoomed ? ' tool-card--zoomed' : ''}`} data-testid="external-tool-card" data-tool-id={tool.id}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <span className="tool-card__icon" aria-hidden>
          <Icon icon={EXTERNAL_TOOL_ICONS[tool.id]} />
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <a
            href={tool.url}
            className="tool-card__link"
            title={t('externalTools.opensNewWindow')}
            onClick={(event) => {
              event.preventDefault();
              launchExternalTool(tool, language, t);
            }}
          >
            <strong className="tool-card__title">{t(`externalTools.${tool.id}.title`)}</strong> <Icon icon={ExportOutlined} />
          </a>
          <p className="tool-card__description">{t(`externalTools.${tool.id}.description`)}</p>
        </div>
      </div>
    </div>
  );
}
