import StarFilled from '@ant-design/icons-svg/es/asn/StarFilled';
import StarOutlined from '@ant-design/icons-svg/es/asn/StarOutlined';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { Icon } from '@/layouts/plain/icon';
import { PlainButton } from '@/layouts/plain/parts';
import { useFavorites } from '@/stores/favorites';
import type { ToolDefinition } from '@/tools/types';
import '@/lib/ripple.css';
import './tool-card.css';

export default function ToolCard({ tool, zoomed }: { tool: ToolDefinition; zoomed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const favorite = useFavorites((state) => state.ids.includes(tool.id));
  const toggle = useFavorites((state) => state.toggle);
  const meta = tool.texts[language];

  return (
    // A plain box drawn with the theme's colours: antd's Card would bring Tabs and Skeleton (and antd
    // itself) into the home page's first download for a border and a hover shadow.
    <div className={`tool-card bb-ripple${zoomed ? ' tool-card--zoomed' : ''}`} data-testid="tool-card" data-tool-id={tool.id}>
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <span className="tool-card__icon" aria-hidden>
          {createElement(tool.meta.aIcon)}
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Link to={localizePath(tool.path, language)} className="tool-card__link" data-testid="tool-card-link">
            <strong className="tool-card__title">{meta.title}</strong>
          </Link>
          <p className="tool-card__description">{meta.description}</p>
        </div>
        <PlainButton
          variant="text"
          small
          className="tool-card__star"
          aria-pressed={favorite}
          // A toggle keeps one name and reports its state through aria-pressed.
          aria-label={t('home.favoriteTool', { title: meta.title })}
          tip={favorite ? t('home.unfavorite') : t('home.favorite')}
          icon={<Icon icon={favorite ? StarFilled : StarOutlined} className={favorite ? 'tool-card__starred' : undefined} />}
          onClick={() => toggle(tool.id)}
          data-testid="favorite-button"
        />
      </div>
    </div>
  );
}
