import { Alert } from '@/components/Alert';
import { Tabs } from '@/components/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HidePanel } from './HidePanel';
import { RevealPanel } from './RevealPanel';
import './image-steganography.css';

/** /image/steganography: hide text in a PNG's pixel LSBs (optionally encrypted) and reveal it. */
export default function ImageSteganographyPage() {
  const { t } = useTranslation('image-steganography');
  const [tab, setTab] = useState<'hide' | 'reveal'>('hide');
  return (
    <div className="stg-page">
      <Alert type="info" showIcon message={t('intro')} />
      {/* Both panels stay mounted, so a look at the other tab loses no image, text or password; only the visible one takes pastes. */}
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key === 'reveal' ? 'reveal' : 'hide')}
        items={[
          { key: 'hide', label: t('tabs.hide'), children: <HidePanel active={tab === 'hide'} /> },
          { key: 'reveal', label: t('tabs.reveal'), children: <RevealPanel active={tab === 'reveal'} /> },
        ]}
      />
    </div>
  );
}
