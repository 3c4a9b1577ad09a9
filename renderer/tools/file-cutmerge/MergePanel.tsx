import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';

// The first view is the drop zone. The parts list, checks, progress and verdict (antd's List, Alert,
// Input, Checkbox…) show once parts are added: they load when the browser is idle after the first
// paint, or with the first files, not before the page.
const loadWorkspace = () => import('./MergeWorkspace');
const MergeWorkspace = lazy(() => loadWorkspace().then((module) => ({ default: module.MergeWorkspace })));

/** Merge: the drop zone until parts are added, then the workspace that orders, checks and joins them. */
export function MergePanel() {
  const { t } = useTranslation('file-cutmerge');
  const [first, setFirst] = useState<File[] | null>(null);
  usePreloadWhenIdle(loadWorkspace);
  const dropZone = (
    <div className="cm-panel" data-testid="merge-panel">
      <FileDropZone
        onFiles={(files) => setFirst((current) => [...(current ?? []), ...files])}
        title={t('merge.dropTitle')}
        hint={t('merge.dropHint')}
        acceptPaste={false}
        inputTestId="merge-input"
      />
    </div>
  );
  if (!first) return dropZone;
  // While the workspace loads the drop zone stays as it was, and takes more parts.
  return (
    <Suspense fallback={dropZone}>
      <MergeWorkspace initialFiles={first} />
    </Suspense>
  );
}
