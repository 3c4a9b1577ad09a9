import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';

// The first view is the drop zone. The form, progress, confirm and results (antd's Radio, InputNumber,
// Select, Checkbox, Modal, Alert, List…) show once a file is picked: they load when the browser is
// idle after the first paint, or with the first file, not before the page.
const loadWorkspace = () => import('./SplitWorkspace');
const SplitWorkspace = lazy(() => loadWorkspace().then((module) => ({ default: module.SplitWorkspace })));

/** Split: the drop zone until a file is picked, then the workspace that plans, cuts and saves it. */
export function SplitPanel() {
  const { t } = useTranslation('file-cutmerge');
  const [first, setFirst] = useState<File | null>(null);
  usePreloadWhenIdle(loadWorkspace);
  const dropZone = (
    <FileDropZone
      multiple={false}
      onFiles={([picked]) => setFirst(picked ?? null)}
      title={t('split.dropTitle')}
      hint={t('split.dropHint')}
      inputTestId="split-input"
    />
  );
  if (!first) return dropZone;
  // While the workspace loads the drop zone stays as it was, and takes another pick.
  return (
    <Suspense fallback={dropZone}>
      <SplitWorkspace initialFile={first} />
    </Suspense>
  );
}
