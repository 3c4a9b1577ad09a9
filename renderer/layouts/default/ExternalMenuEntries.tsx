import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/app/language';
import { EXTERNAL_TOOL_ICONS } from '@/layouts/plain/external-tool-icons';
import { Icon } from '@/layouts/plain/icon';
import { launchExternalTool } from '@/lib/external-tool-launch';
import type { ExternalTool } from '@/lib/external-tools';

/** The side menu's external tools, loaded only when the server names some (SideMenu). */
export default function ExternalMenuEntries({
  tools,
  collapsed,
  onNavigate,
}: {
  tools: readonly ExternalTool[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  return tools.map((tool) => {
    const label = t(`externalTools.${tool.id}.title`);
    return (
      <li key={tool.id} className="bb-menu__item" data-menu-key={`external:${tool.id}`}>
        <Icon icon={EXTERNAL_TOOL_ICONS[tool.id]} />
        {/* A link to the host, so it reads as one; the click opens it with the window handshake. */}
        <a
          href={tool.url}
          title={collapsed ? label : t('externalTools.opensNewWindow')}
          onClick={(event) => {
            event.preventDefault();
            launchExternalTool(tool, language, t);
            onNavigate?.();
          }}
        >
          {label}
        </a>
      </li>
    );
  });
}
