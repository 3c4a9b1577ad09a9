import { expose, transfer } from 'comlink';
import { encodeMp3 } from './mp3';
import { canEncodeOpus, encodeOpusWebm } from './opus';
import { computePeaks } from './peaks';
import { encodeWav } from './wav';

/** The recorder's sample work, off the UI thread: waveform bars and WAV/Opus/MP3 files of a decoded recording. */
const api = {
  peaks(channels: Float32Array[], buckets: number): Float32Array {
    const peaks = computePeaks(channels, buckets);
    return transfer(peaks, [peaks.buffer]);
  },
  wav(channels: Float32Array[], sampleRate: number, start: number, end: number): ArrayBuffer {
    const file = encodeWav(channels, sampleRate, start, end);
    return transfer(file, [file]);
  },
  /** Opus in WebM where WebCodecs can encode it, else undefined (the caller keeps WAV). */
  async opus(channels: Float32Array[], sampleRate: number, start: number, end: number): Promise<ArrayBuffer | undefined> {
    if (!(await canEncodeOpus(sampleRate, channels.length))) return undefined;
    const file = await encodeOpusWebm(channels, sampleRate, start, end);
    return transfer(file, [file]);
  },
  async mp3(channels: Float32Array[], sampleRate: number, start: number, end: number): Promise<ArrayBuffer> {
    const file = await encodeMp3(channels, sampleRate, start, end);
    return transfer(file, [file]);
  },
};

export type AudioWorkerApi = typeof api;

expose(api);
