import { SearchOutlined } from '@ant-design/icons';
import { Col, Empty, Row, Space, Switch, Typography } from 'antd';
// The plain input, not the `Input` namespace: that one carries TextArea, Password, Search and OTP
// into the first load (~5 KB gz) for a page that uses none of them.
import Input from 'antd/es/input/Input';
import { PageHeading } from '@/components/PageHeading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { preloadToolSearch, useFoundTools } from '@/search/find-tools';
import { useFavorites } from '@/stores/favorites';
import { tools } from '@/tools/registry';
import { TOOL_GROUPS } from '@/tools/types';
import type { ToolDefinition } from '@/tools/types';
import ToolCard from './ToolCard';

function CardGrid({ items, zoomed }: { items: readonly ToolDefinition[]; zoomed: boolean }) {
  const columns = zoomed ? { xs: 24, sm: 12, xl: 8 } : { xs: 24, sm: 12, lg: 8, xxl: 6 };
  return (
    <Row gutter={[12, 12]}>
      {items.map((tool) => (
        <Col key={tool.id} {...columns}>
          <ToolCard tool={tool} zoomed={zoomed} />
        </Col>
      ))}
    </Row>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const favoriteIds = useFavorites((state) => state.ids);
  const zoomed = useFavorites((state) => state.isZooming);
  const setZooming = useFavorites((state) => state.setZooming);
  const [query, setQuery] = useState('');

  const matches = useFoundTools(query);

  const favorites = favoriteIds.flatMap((id) => tools.filter((tool) => tool.id === id));

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="home">
      <div>
        <PageHeading level={1} look={2} style={{ marginBottom: 4 }}>
          {t('home.heading')}
        </PageHeading>
        <Typography.Text type="secondary">
          {t('home.intro')} {t('home.toolCount', { count: tools.length })}
        </Typography.Text>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <Input
          allowClear
          size="large"
          prefix={<SearchOutlined />}
          placeholder={t('search.placeholder')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onFocus={() => void preloadToolSearch().catch(() => undefined)}
          style={{ flex: '1 1 240px', maxWidth: 520 }}
          data-testid="home-search"
          aria-label={t('search.placeholder')}
        />
        <Space>
          <Switch checked={zoomed} onChange={setZooming} data-testid="zoom-toggle" aria-label={t('home.zoom')} />
          <Typography.Text>{t('home.zoom')}</Typography.Text>
        </Space>
      </div>
      {matches ? (
        matches.length ? (
          <CardGrid items={matches} zoomed={zoomed} />
        ) : (
          <Empty description={t('search.empty')} />
        )
      ) : (
        <>
          {favorites.length > 0 && (
            <section data-testid="favorites-section">
              <PageHeading level={2} look={4}>
                {t('home.favorites')}
              </PageHeading>
              <CardGrid items={favorites} zoomed={zoomed} />
            </section>
          )}
          {TOOL_GROUPS.map((group) => {
            const members = tools.filter((tool) => tool.group === group);
            if (members.length === 0) return null;
            return (
              <section key={group} data-testid="tool-group" data-group={group}>
                <PageHeading level={2} look={4}>
                  {t(`groups.${group}`)}
                </PageHeading>
                <CardGrid items={members} zoomed={zoomed} />
              </section>
            );
          })}
        </>
      )}
    </Space>
  );
}
