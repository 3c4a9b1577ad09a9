import { useCallback, useState } from 'react';
import { APNG_HEADER_BYTES, animationFrames, framesNeedWholeFile } from '@shared/image/sniff';
import { mayBeAnimated } from './image-convert.service';

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/** Counted from the container's own chunks, without decoding a pixel: the whole file only for a GIF or an animated WebP. */
async function frameCount(file: File): Promise<number> {
  const head = await bytesOf(file.slice(0, APNG_HEADER_BYTES));
  return animationFrames(framesNeedWholeFile(head) ? await bytesOf(file) : head);
}

/**
 * Frame counts of the files that may be animations (GIF, WebP, APNG), so the page can say which
 * outputs hold only the first frame. A file that cannot be read is left out: the batch reports its error already.
 */
export function useFrameCounts() {
  const [frames, setFrames] = useState<ReadonlyMap<File, number>>(new Map());
  const inspect = useCallback((files: readonly File[]) => {
    for (const file of files.filter(mayBeAnimated)) {
      frameCount(file).then(
        (count) => setFrames((known) => new Map(known).set(file, count)),
        () => undefined,
      );
    }
  }, []);
  return { frames, inspect };
}
