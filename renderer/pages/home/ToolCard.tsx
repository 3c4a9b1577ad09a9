import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography, theme as antTheme } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useFavorites } from '@/stores/favorites';
import type { ToolDefinition } from '@/tools/types';
import './tool-card.css';

export default function ToolCard({ tool, zoomed }: { tool: ToolDefinition; zoomed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = antTheme.useToken();
  const favorite = useFavorites((state) => state.ids.includes(tool.id));
  const toggle = useFavorites((state) => state.toggle);
  const meta = tool.texts[language];

  return (
    // A plain box drawn with the theme's tokens, not antd's Card: Card brings Tabs and Skeleton (~25 KB
    // gzipped) into the home page's first download for a border and a hover shadow.
    <div
      className="tool-card"
      style={{
        padding: zoomed ? 20 : 14,
        minHeight: zoomed ? 150 : 96,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        ['--tool-card-border' as string]: token.colorBorderSecondary,
        ['--tool-card-hover-shadow' as string]: token.boxShadowTertiary,
      }}
      data-testid="tool-card"
      data-tool-id={tool.id}
    >
      <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
        <span style={{ fontSize: zoomed ? 36 : 24, color: token.colorPrimary, lineHeight: 1 }} aria-hidden>
          {createElement(tool.meta.aIcon)}
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Link to={localizePath(tool.path, language)} className="tool-card__link" data-testid="tool-card-link">
            <Typography.Text strong style={{ fontSize: zoomed ? 18 : 15 }}>
              {meta.title}
            </Typography.Text>
          </Link>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: zoomed ? 3 : 2 }}
            style={{ margin: '4px 0 0', fontSize: zoomed ? 14 : 13 }}
          >
            {meta.description}
          </Typography.Paragraph>
        </div>
        <Tooltip title={favorite ? t('home.unfavorite') : t('home.favorite')}>
          <Button
            type="text"
            size="small"
            className="tool-card__star"
            aria-pressed={favorite}
            // A toggle keeps one name and reports its state through aria-pressed.
            aria-label={t('home.favoriteTool', { title: meta.title })}
            icon={favorite ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
            onClick={() => toggle(tool.id)}
            data-testid="favorite-button"
          />
        </Tooltip>
      </div>
    </div>
  );
}
