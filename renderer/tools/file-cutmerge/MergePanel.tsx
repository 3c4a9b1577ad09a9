import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '@/components/FileDropZone';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { newParts } from './merge-items';
import type { PartItem } from './merge-items';

// The first view is the drop zone. The parts list, checks, progress and verdict (antd's List, Alert,
// Input, Checkbox…) show once parts are added: they load when the browser is idle after the first
// paint, or with the first files, with antd's theme and locale, not before the page.
const MergeWorkspace = lazyWithAntd(() => import('./MergeWorkspace').then((module) => ({ default: module.MergeWorkspace })));

/** Merge: the drop zone until parts are added, then the workspace that orders, checks and joins them. */
export function MergePanel() {
  const { t } = useTranslation('file-cutmerge');
  // The parts are listed (sizes read) as they are picked, before the workspace has loaded.
  const [first, setFirst] = useState<{ parts: PartItem[]; files: File[] } | null>(null);
  usePreloadWhenIdle(MergeWorkspace.preload);
  const dropZone = (
    <div className="cm-panel" data-testid="merge-panel">
      <FileDropZone
        onFiles={(files) =>
          setFirst((current) => {
            const parts = current?.parts ?? [];
            return { parts: [...parts, ...newParts(files, parts)], files: [...(current?.files ?? []), ...files] };
          })
        }
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
      <MergeWorkspace initialParts={first.parts} initialFiles={first.files} />
    </Suspense>
  );
}
