import { useCallback, useState } from 'react';
import { platform } from '@/platform';
import { mayBeAnimated } from './image-convert.service';

/**
 * Frame counts of the files that may be animations (GIF, WebP), read with `platform.image.probe`
 * (a worker or sharp, never the UI thread), so the page can say which outputs hold only the first
 * frame. A file that cannot be probed is left out: the batch reports its error already.
 */
export function useFrameCounts() {
  const [frames, setFrames] = useState<ReadonlyMap<File, number>>(new Map());
  const inspect = useCallback((files: readonly File[]) => {
    for (const file of files.filter(mayBeAnimated)) {
      platform.image.probe(file).then(
        (info) => setFrames((known) => new Map(known).set(file, info.frames)),
        () => undefined,
      );
    }
  }, []);
  return { frames, inspect };
}
