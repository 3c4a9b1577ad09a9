/** Spec §9: files of 1 MB or more are read in this many slices. */
export const SLICE_COUNT = 100;

/** Spec §9: the size (base 1024) from which a file is sliced; smaller files are read in one go. */
export const SLICE_THRESHOLD_BYTES = 1024 * 1024;

/**
 * Upper bound of one slice. A hundredth of a 20 GB file is 200 MB; reading that at once (twice,
 * since the next slice is prefetched while the current one is hashed) would cost a tab 400 MB of
 * memory and leave the progress bar frozen for seconds. Past 6.4 GB files are therefore read in
 * more than 100 slices of at most 64 MB, which keeps memory flat and progress moving.
 */
export const MAX_SLICE_BYTES = 64 * 1024 * 1024;

export interface SlicePlan {
  /** Bytes per slice; the last slice may be shorter. */
  readonly sliceSize: number;
  readonly count: number;
}

/** How a file of `size` bytes is read: one slice under 1 MB, else 100 slices capped at 64 MB each. */
export function planSlices(size: number): SlicePlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError(`invalid file size: ${size}`);
  if (size === 0) return { sliceSize: 0, count: 0 };
  if (size < SLICE_THRESHOLD_BYTES) return { sliceSize: size, count: 1 };
  const sliceSize = Math.min(Math.ceil(size / SLICE_COUNT), MAX_SLICE_BYTES);
  return { sliceSize, count: Math.ceil(size / sliceSize) };
}

/** The [start, end) byte ranges of a plan, in order; they cover the file exactly once. */
export function* sliceRanges(size: number, plan: SlicePlan = planSlices(size)): Generator<readonly [number, number]> {
  for (let index = 0; index < plan.count; index += 1) {
    const start = index * plan.sliceSize;
    yield [start, Math.min(start + plan.sliceSize, size)] as const;
  }
}

/** Where one read of a file ends a part: the end of a slice, or of a piece of a slice too big for one read. */
export interface ReadPart {
  readonly end: number;
  readonly endsSlice: boolean;
}

/** One read of a file: consecutive slices together, or a piece of a slice bigger than one read. */
export interface ReadStep {
  readonly start: number;
  readonly end: number;
  readonly parts: readonly ReadPart[];
}

/**
 * Groups a plan's slices into reads of at most `readBytes`, cutting slices bigger than that. Each
 * browser read costs about 3 ms however small (`npm run bench`: 100 reads of a 200 MB file take
 * 480 ms, 25 reads 300 ms), so small slices are read several at a time; their parts still reach
 * the hashers, and the progress bar, one slice at a time.
 */
export function* readSteps(size: number, readBytes: number, plan: SlicePlan = planSlices(size)): Generator<ReadStep> {
  if (!Number.isSafeInteger(readBytes) || readBytes < 1) throw new RangeError(`invalid read size: ${readBytes}`);
  let step: { start: number; end: number; parts: ReadPart[] } | undefined;
  for (const [sliceStart, sliceEnd] of sliceRanges(size, plan)) {
    for (let pieceStart = sliceStart; pieceStart < sliceEnd; pieceStart += readBytes) {
      const pieceEnd = Math.min(pieceStart + readBytes, sliceEnd);
      if (step && pieceEnd - step.start > readBytes) {
        yield step;
        step = undefined;
      }
      step ??= { start: pieceStart, end: pieceStart, parts: [] };
      step.end = pieceEnd;
      step.parts.push({ end: pieceEnd, endsSlice: pieceEnd === sliceEnd });
    }
  }
  if (step) yield step;
}
