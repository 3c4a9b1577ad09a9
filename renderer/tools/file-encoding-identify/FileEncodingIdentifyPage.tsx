import { useShallow } from 'zustand/react/shallow';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { RadioGroup } from '@/components/Radio';
import { Paragraph, Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { useFileEncodingStore } from './file-encoding-identify.store';
import '@/components/components.css';
import './file-encoding-identify.css';

// The results (each file's verdict, preview and encoding override — antd's grouped, searchable
// Select) show once files are dropped: they load with the first file, not with the page.
const EncodingResults = lazyWithAntd<object>(() => import('./EncodingResults').then((module) => ({ default: module.EncodingResults })));

/** /file/encoding/identify: what encoding each dropped file is in, a preview, and UTF-8 copies. */
export default function FileEncodingIdentifyPage() {
  const { t } = useTranslation('file-encoding-identify');
  const { any, bom, setBom, addFiles } = useFileEncodingStore(
    useShallow(({ rows, bom, setBom, addFiles }) => ({ any: rows.length > 0, bom, setBom, addFiles })),
  );
  const add = (files: readonly File[]) => {
    void EncodingResults.preload().catch(() => undefined);
    addFiles(files);
  };

  return (
    <div className="fei-page">
      <Paragraph type="secondary" className="fei-intro">
        {t('intro')}
      </Paragraph>
      <div className="fei-options">
        <Text type="secondary">{t('options.output')}</Text>
        <RadioGroup
          size="small"
          optionType="button"
          value={bom}
          onChange={setBom}
          aria-label={t('options.output')}
          options={[
            { value: false, label: t('options.utf8') },
            { value: true, label: t('options.utf8Bom') },
          ]}
          data-testid="bom-option"
        />
        <Text type="secondary" className="fei-hint">
          {t('options.bomHint')}
        </Text>
      </div>
      <FileDropZone onFiles={add} title={t('drop.title')} hint={t('drop.hint')} compact={any} />
      {any ? (
        <Suspense fallback={null}>
          <EncodingResults />
        </Suspense>
      ) : null}
    </div>
  );
}
