/**
 * MP3 from samples: LAME compiled to wasm (@mediabunny/mp3-encoder, by mediabunny's author, which
 * this tool already uses for Opus) behind mediabunny's MP3 writer. Browsers' WebCodecs cannot encode
 * MP3, so the encoder (~130 KB gzipped, its own nested worker) loads only when an MP3 is asked for.
 * Runs in the audio worker (docs/decisions.md, "Voice recorder", MP3).
 */

/** MP3 carries 32, 44.1 and 48 kHz (and halves); a decoded recording at another rate is resampled to this. */
const MP3_RATE = 48_000;
const MP3_RATES = new Set([48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000]);

/** Encodes frames [start, end) of at most the first two channels (MP3 has no more) as an MP3 file. */
export async function encodeMp3(channels: readonly Float32Array[], sampleRate: number, start: number, end: number): Promise<ArrayBuffer> {
  const [{ AudioSample, AudioSampleSource, BufferTarget, Mp3OutputFormat, Output, QUALITY_HIGH, canEncodeAudio }, { registerMp3Encoder }] =
    await Promise.all([import('mediabunny'), import('@mediabunny/mp3-encoder')]);
  if (!(await canEncodeAudio('mp3'))) registerMp3Encoder();
  const used = channels.slice(0, 2);
  if (used.length === 0) throw new Error('no channels to encode');
  const frames = Math.max(0, end - start);
  const planar = new Float32Array(frames * used.length);
  used.forEach((channel, index) => planar.set(channel.subarray(start, end), index * frames));
  const output = new Output({ format: new Mp3OutputFormat(), target: new BufferTarget() });
  const source = new AudioSampleSource({
    codec: 'mp3',
    quality: QUALITY_HIGH,
    ...(MP3_RATES.has(sampleRate) ? {} : { transform: { sampleRate: MP3_RATE } }),
  });
  output.addAudioTrack(source);
  await output.start();
  const sample = new AudioSample({ data: planar, format: 'f32-planar', numberOfChannels: used.length, sampleRate, timestamp: 0 });
  await source.add(sample);
  sample.close();
  source.close();
  await output.finalize();
  const buffer = output.target.buffer;
  if (!buffer) throw new Error('the MP3 writer produced no file');
  return buffer;
}
