/**
 * The waveform's bars: for each of `buckets` equal slices of the recording, the loudest sample's
 * magnitude across all channels (0..1). A bar per slice, not per sample, so a long take draws as
 * fast as a short one.
 */
export function computePeaks(channels: readonly Float32Array[], buckets: number): Float32Array {
  const length = channels[0]?.length ?? 0;
  const count = Math.max(0, Math.floor(buckets));
  const peaks = new Float32Array(count);
  if (length === 0 || count === 0) return peaks;
  for (let bucket = 0; bucket < count; bucket += 1) {
    const from = Math.floor((bucket * length) / count);
    const to = Math.max(from + 1, Math.floor(((bucket + 1) * length) / count));
    let peak = 0;
    for (const channel of channels) {
      for (let index = from; index < to && index < length; index += 1) {
        const magnitude = Math.abs(channel[index]!);
        if (magnitude > peak) peak = magnitude;
      }
    }
    peaks[bucket] = Math.min(1, peak);
  }
  return peaks;
}
