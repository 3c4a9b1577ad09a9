import { Suspense, lazy, useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { platform } from '@/platform';
import type { Comparing } from './CompareDialog';
import { resultBlob } from './names';
import type { ImageBatchItem } from './useImageBatch';

// antd's Modal and the slider load with the first opening, not before the page (~9 KB gz).
const CompareDialog = lazy(() => import('./CompareDialog'));

/**
 * The before/after dialog of a finished batch item. `open` is stable, so passing it to
 * ImageBatchList keeps the list's rows memoised; the original's object URL lives as long as the dialog.
 * An original the browser cannot show itself (HEIC in Chrome) is shown as a lossless PNG made by the image engine.
 * Once opened, the dialog stays mounted, so it closes with its animation like any dialog.
 */
export function useImageCompare(): { open: (item: ImageBatchItem) => void; dialog: ReactNode } {
  const [comparing, setComparing] = useState<Comparing>();
  const [opened, setOpened] = useState(false);
  const open = useCallback((item: ImageBatchItem) => {
    setOpened(true);
    setComparing({ item, beforeUrl: URL.createObjectURL(item.file) });
  }, []);
  const close = () => {
    if (comparing) URL.revokeObjectURL(comparing.beforeUrl);
    setComparing(undefined);
  };
  const showRendered = (item: ImageBatchItem) => {
    // Once only: a rendered original that still fails to show must not start another render.
    if (comparing?.rendered) return;
    setComparing((shown) => (shown?.item === item ? { ...shown, rendered: true } : shown));
    platform.image.process(item.file, { output: { format: 'png' } }).then(
      (rendered) =>
        setComparing((shown) => {
          if (shown?.item !== item) return shown;
          URL.revokeObjectURL(shown.beforeUrl);
          return { item, beforeUrl: URL.createObjectURL(resultBlob(rendered)), rendered: true };
        }),
      // The result exists, so the engine read this file once; if it cannot now, the "before" side stays empty.
      () => undefined,
    );
  };
  const dialog = opened ? (
    <Suspense fallback={null}>
      <CompareDialog comparing={comparing} onClose={close} onBeforeUnreadable={showRendered} />
    </Suspense>
  ) : null;
  return { open, dialog };
}
