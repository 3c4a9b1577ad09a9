import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { useSubtitleStitchStore } from './subtitle-stitch.store';
import './subtitle-stitch.css';

// The workspace (the reorderable list with its drag-and-drop, the strip editors and the result
// with antd's Segmented and Slider) shows once screenshots are added: it loads with them.
const StitchWorkspace = lazyWithAntd(() => import('./StitchWorkspace').then((module) => ({ default: module.StitchWorkspace })));

/** /subtitle/stitch: stack video screenshots into one image, the first whole and the subtitle strips of the rest. */
export default function SubtitleStitchPage() {
  const { t } = useTranslation('subtitle-stitch');
  const any = useSubtitleStitchStore((state) => state.items.length > 0);
  const addFiles = useSubtitleStitchStore((state) => state.addFiles);
  const add = (files: File[]) => {
    void StitchWorkspace.preload().catch(() => undefined);
    addFiles(files);
  };

  return (
    <div className="ss-page">
      <FileDropZone onFiles={add} title={t('dropTitle')} hint={t('dropHint')} compact={any} />
      {any ? (
        <Suspense fallback={null}>
          <StitchWorkspace />
        </Suspense>
      ) : null}
    </div>
  );
}
