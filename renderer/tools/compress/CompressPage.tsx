import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spin } from '@/components/Spin';
import { Tabs } from '@/components/Tabs';
import { Tag } from '@/components/Tag';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { platform } from '@/platform';
import { CreatePanel } from './CreatePanel';
import '@/components/components.css';
import './compress.css';

// The open tab (entry tree, preview and password dialogs: antd's Tree and Modal, ~25 KB gz, and
// with them antd's theme) is not the first view: it loads when the browser is idle after the first
// paint, or with the tab's click.
const OpenPanel = lazyWithAntd(() => import('./OpenPanel').then((module) => ({ default: module.OpenPanel })));

type Tab = 'create' | 'open';

/** /compress: create zip / 7z / tar / tar.gz, and open, preview and extract archives. */
export default function CompressPage() {
  const { t } = useTranslation('compress');
  const [tab, setTab] = useState<Tab>('create');
  const { engine } = platform.archive;
  usePreloadWhenIdle(OpenPanel.preload);
  return (
    <div className="cz-page">
      <Tabs<Tab>
        activeKey={tab}
        onChange={setTab}
        tabBarExtraContent={
          <Tag className="cz-engine" data-testid="archive-engine" data-engine={engine}>
            {t(`engine.${engine}`)}
          </Tag>
        }
        items={[
          { key: 'create', label: <span data-testid="tab-create">{t('tabs.create')}</span>, children: <CreatePanel /> },
          {
            key: 'open',
            label: <span data-testid="tab-open">{t('tabs.open')}</span>,
            children: (
              <Suspense fallback={<Spin />}>
                <OpenPanel />
              </Suspense>
            ),
          },
        ]}
      />
    </div>
  );
}
