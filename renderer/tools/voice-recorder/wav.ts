/**
 * 16-bit PCM WAV from float samples. Written here rather than taken from npm: the candidates either
 * take an AudioBuffer (unavailable in a Worker, where this runs) or are general WAV toolkits many
 * times the size of these lines (docs/decisions.md, "Voice recorder").
 */

const HEADER_BYTES = 44;

/** Encodes frames [start, end) of each channel, interleaved, as a little-endian 16-bit PCM WAV file. */
export function encodeWav(channels: readonly Float32Array[], sampleRate: number, start = 0, end = channels[0]?.length ?? 0): ArrayBuffer {
  const channelCount = channels.length;
  if (channelCount === 0) throw new Error('no channels to encode');
  const frames = Math.max(0, end - start);
  const dataBytes = frames * channelCount * 2;
  const buffer = new ArrayBuffer(HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let index = 0; index < text.length; index += 1) view.setUint8(offset + index, text.charCodeAt(index));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, channelCount, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * channelCount * 2, true);
  view.setUint16(32, channelCount * 2, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  let offset = HEADER_BYTES;
  for (let frame = start; frame < start + frames; frame += 1) {
    for (const channel of channels) {
      const sample = Math.max(-1, Math.min(1, channel[frame] ?? 0));
      // Asymmetric scale: -1 maps to -32768 and +1 to 32767, so neither end clips.
      view.setInt16(offset, sample < 0 ? sample * 0x8000 : sample * 0x7fff, true);
      offset += 2;
    }
  }
  return buffer;
}
