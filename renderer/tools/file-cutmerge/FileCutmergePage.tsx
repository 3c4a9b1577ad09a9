import { useTranslation } from 'react-i18next';
import { Tabs } from '@/components/Tabs';
import { MergePanel } from './MergePanel';
import { SplitPanel } from './SplitPanel';
import '@/components/components.css';
import './file-cutmerge.css';

/** /file/cutmerge: split a file into numbered parts with a checksum manifest, and merge parts back with verification. */
export default function FileCutmergePage() {
  const { t } = useTranslation('file-cutmerge');
  // Both panels stay mounted, so switching tabs keeps a picked file or a running job.
  return (
    <div className="cm-page">
      <Tabs
        items={[
          { key: 'split', label: t('tabs.split'), children: <SplitPanel /> },
          { key: 'merge', label: t('tabs.merge'), children: <MergePanel /> },
        ]}
        data-testid="cutmerge-tabs"
      />
    </div>
  );
}
