import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import { Heading } from '@/layouts/plain/parts';
import { useExternalTools } from '@/lib/external-tools';
import type { ExternalTool } from '@/lib/external-tools';
import { preloadToolSearch, useFoundTools } from '@/search/find-tools';
import { useFavorites } from '@/stores/favorites';
import { listedTools as tools } from '@/tools/registry';
import { TOOL_GROUPS } from '@/tools/types';
import type { ToolDefinition } from '@/tools/types';
import ToolCard from './ToolCard';
import './home.css';

// antd's Empty (and antd with it) loads only when a search finds nothing.
const NoMatches = lazy(() => import('./NoMatches'));
// Not in the first load: most sites name no external tool.
const ExternalToolCard = lazy(() => import('./ExternalToolCard'));

function CardGrid({
  items,
  external = [],
  zoomed,
}: {
  items: readonly ToolDefinition[];
  external?: readonly ExternalTool[];
  zoomed: boolean;
}) {
  return (
    <div className={`home-grid${zoomed ? ' home-grid--zoomed' : ''}`}>
      {items.map((tool) => (
        <ToolCard key={tool.id} tool={tool} zoomed={zoomed} />
      ))}
      {external.length > 0 && (
        <Suspense fallback={null}>
          {external.map((tool) => (
            <ExternalToolCard key={tool.id} tool={tool} zoomed={zoomed} />
          ))}
        </Suspense>
      )}
    </div>
  );
}

/** The search box: antd's large Input with its search icon and clear button, drawn without antd. */
function SearchBox({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation();
  return (
    <span className="bb-input" style={{ flex: '1 1 240px', maxWidth: 520 }}>
      <span className="bb-input__prefix">
        <Icon icon={SearchOutlined} />
      </span>
      <input
        type="text"
        enterKeyHint="search"
        className="bb-input__field"
        placeholder={t('search.placeholder')}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => void preloadToolSearch().catch(() => undefined)}
        data-testid="home-search"
        aria-label={t('search.placeholder')}
      />
      <button
        type="button"
        className="bb-input__clear"
        hidden={!value}
        tabIndex={-1}
        aria-label={t('search.clear')}
        onClick={() => onChange('')}
      >
        <Icon icon={CloseCircleFilled} />
      </button>
    </span>
  );
}

export default function HomePage() {
  const { t } = useTranslation();
  const favoriteIds = useFavorites((state) => state.ids);
  const zoomed = useFavorites((state) => state.isZooming);
  const setZooming = useFavorites((state) => state.setZooming);
  const [query, setQuery] = useState('');

  const matches = useFoundTools(query);
  const externalTools = useExternalTools();

  const favorites = favoriteIds.flatMap((id) => tools.filter((tool) => tool.id === id));

  return (
    <div className="home" data-testid="home">
      <div>
        <Heading level={1} look={2} style={{ marginBottom: 4 }}>
          {t('home.heading')}
        </Heading>
        <span className="bb-secondary">
          {t('home.intro')} {t('home.toolCount', { count: tools.length })}
        </span>
      </div>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'center' }}>
        <SearchBox value={query} onChange={setQuery} />
        <label className="home-zoom">
          <button
            type="button"
            role="switch"
            aria-checked={zoomed}
            className="bb-switch"
            onClick={() => setZooming(!zoomed)}
            data-testid="zoom-toggle"
            aria-label={t('home.zoom')}
          >
            <span className="bb-switch__handle" />
          </button>
          <span>{t('home.zoom')}</span>
        </label>
      </div>
      {matches ? (
        matches.length ? (
          <CardGrid items={matches} zoomed={zoomed} />
        ) : (
          <Suspense fallback={null}>
            <NoMatches />
          </Suspense>
        )
      ) : (
        <>
          {favorites.length > 0 && (
            <section data-testid="favorites-section">
              <Heading level={2} look={4}>
                {t('home.favorites')}
              </Heading>
              <CardGrid items={favorites} zoomed={zoomed} />
            </section>
          )}
          {TOOL_GROUPS.map((group) => {
            const members = tools.filter((tool) => tool.group === group);
            // Spec §2: the external tools are the "Player/toolbox external" group, shown once a host is configured.
            const external = group === 'external' ? externalTools : [];
            if (members.length === 0 && external.length === 0) return null;
            return (
              <section key={group} data-testid="tool-group" data-group={group}>
                <Heading level={2} look={4}>
                  {t(`groups.${group}`)}
                </Heading>
                <CardGrid items={members} external={external} zoomed={zoomed} />
              </section>
            );
          })}
        </>
      )}
    </div>
  );
}
