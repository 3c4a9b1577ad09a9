import { Alert } from '@/components/Alert';
import { Tabs } from '@/components/Tabs';
import { useTranslation } from 'react-i18next';
import { HidePanel } from './HidePanel';
import { RevealPanel } from './RevealPanel';
import { StripPanel } from './StripPanel';
import './text-steganography.css';

/** /text/steganography: hide a secret in cover text with zero-width characters, reveal it, or strip hidden characters. */
export default function TextSteganographyPage() {
  const { t } = useTranslation('text-steganography');
  return (
    <div className="tsg-page">
      <Alert type="info" showIcon message={t('intro')} />
      <Tabs
        items={[
          { key: 'hide', label: t('tabs.hide'), children: <HidePanel /> },
          { key: 'reveal', label: t('tabs.reveal'), children: <RevealPanel /> },
          { key: 'strip', label: t('tabs.strip'), children: <StripPanel /> },
        ]}
      />
    </div>
  );
}
