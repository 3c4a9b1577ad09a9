import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { toast } from '@/lib/notify';
import { MAX_FILES } from './file-type-identify.service';
import type { RowFilter } from './file-type-identify.service';
import { useFileTypeStore } from './file-type-identify.store';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import '@/components/components.css';
import './file-type-identify.css';

// The results (antd's Table with its pagination, size picker and filters: ~80 KB gz) show once files
// are dropped: they load with the first drop, while the files are read.
const TypeResults = lazyWithAntd(() => import('./TypeResults'));

/** /file/type/identify: many files at once → real type, MIME, proper extension and a name check. */
export default function FileTypeIdentifyPage() {
  const { t } = useTranslation('file-type-identify');
  const rows = useFileTypeStore((state) => state.rows);
  const addFiles = useFileTypeStore((state) => state.addFiles);
  const [filter, setFilter] = useState<RowFilter>('all');

  const onFiles = (files: File[]) => {
    void TypeResults.preload().catch(() => undefined);
    const left = addFiles(files);
    if (left > 0) toast.warning(t('drop.tooMany', { max: MAX_FILES, count: left }));
  };

  return (
    <div className="fti-page">
      <FileDropZone onFiles={onFiles} title={t('drop.title')} hint={t('drop.hint')} compact={rows.length > 0} />
      {rows.length > 0 ? (
        <Suspense fallback={null}>
          <TypeResults filter={filter} setFilter={setFilter} />
        </Suspense>
      ) : null}
    </div>
  );
}
