import { Alert, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { HidePanel } from './HidePanel';
import { RevealPanel } from './RevealPanel';
import './image-steganography.css';

/** /image/steganography: hide text in a PNG's pixel LSBs (optionally encrypted) and reveal it. */
export default function ImageSteganographyPage() {
  const { t } = useTranslation('image-steganography');
  return (
    <div className="stg-page">
      <Alert type="info" showIcon message={t('intro')} />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'hide', label: t('tabs.hide'), children: <HidePanel /> },
          { key: 'reveal', label: t('tabs.reveal'), children: <RevealPanel /> },
        ]}
      />
    </div>
  );
}
