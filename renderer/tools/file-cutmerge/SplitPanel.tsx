import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { startingValues } from './file-cutmerge.service';
import type { StartingValues } from './file-cutmerge.service';

// The first view is the drop zone. The form, progress, confirm and results (antd's Radio, InputNumber,
// Select, Checkbox, Modal, Alert, List…) show once a file is picked: they load when the browser is
// idle after the first paint, or with the first file, with antd's theme and locale, not before the page.
const SplitWorkspace = lazyWithAntd(() => import('./SplitWorkspace').then((module) => ({ default: module.SplitWorkspace })));

/** Split: the drop zone until a file is picked, then the workspace that plans, cuts and saves it. */
export function SplitPanel() {
  const { t } = useTranslation('file-cutmerge');
  // The file's size is read as it is picked (a browser reads it on first use, and a file deleted
  // meanwhile would read as 0 B), not when the workspace has loaded.
  const [first, setFirst] = useState<{ file: File; values: StartingValues } | null>(null);
  usePreloadWhenIdle(SplitWorkspace.preload);
  const dropZone = (
    <FileDropZone
      multiple={false}
      onFiles={([picked]) => picked && setFirst({ file: picked, values: startingValues(picked.size) })}
      title={t('split.dropTitle')}
      hint={t('split.dropHint')}
      inputTestId="split-input"
    />
  );
  if (!first) return dropZone;
  // While the workspace loads the drop zone stays as it was, and takes another pick.
  return (
    <Suspense fallback={dropZone}>
      <SplitWorkspace initialFile={first.file} initialValues={first.values} />
    </Suspense>
  );
}
