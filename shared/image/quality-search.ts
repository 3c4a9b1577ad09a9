/**
 * Target-size mode ("under 200 KB"), shared by the browser and the desktop engine: the highest
 * integer quality in [minQuality, maxQuality] whose encoded size fits `targetBytes`. Encoded size
 * grows with quality almost monotonically, so a binary search needs about log2(100) ≈ 7 encodes
 * instead of 100. When nothing fits, the lowest quality's output is returned with `fits: false`.
 */

export interface Encoded {
  readonly size: number;
}

export interface QualitySearchResult<T extends Encoded> {
  output: T;
  quality: number;
  fits: boolean;
  /** How many encodes the search ran. */
  attempts: number;
}

export async function searchQuality<T extends Encoded>(
  encode: (quality: number) => Promise<T>,
  targetBytes: number,
  maxQuality: number,
  minQuality = 1,
): Promise<QualitySearchResult<T>> {
  let attempts = 0;
  const run = (quality: number) => {
    attempts += 1;
    return encode(quality);
  };
  const top = await run(maxQuality);
  if (top.size <= targetBytes) return { output: top, quality: maxQuality, fits: true, attempts };
  let best: { output: T; quality: number } | undefined;
  let smallest = { output: top, quality: maxQuality };
  let low = minQuality;
  let high = maxQuality - 1;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const output = await run(middle);
    if (output.size < smallest.output.size) smallest = { output, quality: middle };
    if (output.size <= targetBytes) {
      best = { output, quality: middle };
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  if (best) return { ...best, fits: true, attempts };
  return { ...smallest, fits: false, attempts };
}
