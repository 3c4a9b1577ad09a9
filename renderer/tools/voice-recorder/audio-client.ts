import { WorkerClient } from '@/lib/worker-client';
import type { AudioWorkerApi } from './audio.worker';

/** Waveform bars and WAV encoding run in this worker; decoding is the browser's own (decodeAudioData, off-thread). */
export const audioWorker = new WorkerClient<AudioWorkerApi>(
  () => new Worker(new URL('./audio.worker.ts', import.meta.url), { type: 'module', name: 'voice-audio' }),
);

let context: AudioContext | undefined;
/** One AudioContext for decoding and playback, made on first use. */
export const audioContext = (): AudioContext => (context ??= new AudioContext());

/** The recording as samples; throws when the bytes are not sound the browser can decode. */
export async function decodeRecording(blob: Blob): Promise<AudioBuffer> {
  return audioContext().decodeAudioData(await blob.arrayBuffer());
}

/** Each channel's samples, copied, for the worker (the AudioBuffer's own stay with playback). */
export const channelsOf = (buffer: AudioBuffer): Float32Array[] =>
  Array.from({ length: buffer.numberOfChannels }, (_, index) => buffer.getChannelData(index).slice());
