/**
 * Opus in WebM from samples, for a trimmed copy in the recorder's own format: WebCodecs'
 * AudioEncoder through mediabunny (maintained, tree-shaken to its WebM writer and audio encoding),
 * loaded only when a trim is applied. Runs in the audio worker.
 */

/** Opus's own rate; mediabunny resamples anything else to it. */
const OPUS_RATE = 48_000;

/** True when this context can encode Opus (WebCodecs); else the trimmed copy is kept as WAV. */
export async function canEncodeOpus(sampleRate: number, numberOfChannels: number): Promise<boolean> {
  if (typeof AudioEncoder === 'undefined') return false;
  const support = await AudioEncoder.isConfigSupported({ codec: 'opus', sampleRate: OPUS_RATE, numberOfChannels, bitrate: 96_000 }).catch(
    () => undefined,
  );
  return Boolean(support?.supported) && sampleRate > 0;
}

/** Encodes frames [start, end) of each channel as an Opus WebM file. */
export async function encodeOpusWebm(
  channels: readonly Float32Array[],
  sampleRate: number,
  start: number,
  end: number,
): Promise<ArrayBuffer> {
  const { AudioSample, AudioSampleSource, BufferTarget, Output, QUALITY_HIGH, WebMOutputFormat } = await import('mediabunny');
  const frames = Math.max(0, end - start);
  const planar = new Float32Array(frames * channels.length);
  channels.forEach((channel, index) => planar.set(channel.subarray(start, end), index * frames));
  const output = new Output({ format: new WebMOutputFormat(), target: new BufferTarget() });
  const source = new AudioSampleSource({
    codec: 'opus',
    quality: QUALITY_HIGH,
    ...(sampleRate === OPUS_RATE ? {} : { transform: { sampleRate: OPUS_RATE } }),
  });
  output.addAudioTrack(source);
  await output.start();
  const sample = new AudioSample({ data: planar, format: 'f32-planar', numberOfChannels: channels.length, sampleRate, timestamp: 0 });
  await source.add(sample);
  sample.close();
  source.close();
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('the WebM writer produced no file');
  return buffer;
}
