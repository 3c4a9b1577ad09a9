import { Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platform } from '@/platform';
import { CreatePanel } from './CreatePanel';
import { OpenPanel } from './OpenPanel';
import '@/components/components.css';
import './compress.css';

type Tab = 'create' | 'open';

/** /compress: create zip / 7z / tar / tar.gz, and open, preview and extract archives. */
export default function CompressPage() {
  const { t } = useTranslation('compress');
  const [tab, setTab] = useState<Tab>('create');
  const { engine } = platform.archive;
  return (
    <div className="cz-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        tabBarExtraContent={
          <Tag className="cz-engine" data-testid="archive-engine" data-engine={engine}>
            {t(`engine.${engine}`)}
          </Tag>
        }
        items={[
          { key: 'create', label: <span data-testid="tab-create">{t('tabs.create')}</span>, children: <CreatePanel /> },
          { key: 'open', label: <span data-testid="tab-open">{t('tabs.open')}</span>, children: <OpenPanel /> },
        ]}
      />
    </div>
  );
}
