import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Card, Tooltip, Typography, theme as antTheme } from 'antd';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { localizePath, useLanguage } from '@/app/language';
import { useFavorites } from '@/stores/favorites';
import type { ToolDefinition } from '@/tools/types';

export default function ToolCard({ tool, zoomed }: { tool: ToolDefinition; zoomed: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { token } = antTheme.useToken();
  const favorite = useFavorites((state) => state.ids.includes(tool.id));
  const toggle = useFavorites((state) => state.toggle);
  const meta = tool.locales[language].meta;

  return (
    <Link to={localizePath(tool.path, language)} data-testid="tool-card" data-tool-id={tool.id} aria-label={meta.title}>
      <Card hoverable size="small" styles={{ body: { padding: zoomed ? 20 : 14, minHeight: zoomed ? 150 : 96 } }}>
        <div style={{ display: 'flex', alignItems: 'flex-start', gap: 12 }}>
          <span style={{ fontSize: zoomed ? 36 : 24, color: token.colorPrimary, lineHeight: 1 }}>{createElement(tool.meta.aIcon)}</span>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text strong style={{ fontSize: zoomed ? 18 : 15 }}>{meta.title}</Typography.Text>
            <Typography.Paragraph type="secondary" ellipsis={{ rows: zoomed ? 3 : 2 }} style={{ margin: '4px 0 0', fontSize: zoomed ? 14 : 13 }}>
              {meta.description}
            </Typography.Paragraph>
          </div>
          <Tooltip title={favorite ? t('home.unfavorite') : t('home.favorite')}>
            <Button
              type="text"
              size="small"
              aria-pressed={favorite}
              aria-label={favorite ? t('home.unfavorite') : t('home.favorite')}
              icon={favorite ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
              onClick={(event) => {
                // The card is a link; starring must not open the tool.
                event.preventDefault();
                event.stopPropagation();
                toggle(tool.id);
              }}
              data-testid="favorite-button"
            />
          </Tooltip>
        </div>
      </Card>
    </Link>
  );
}
