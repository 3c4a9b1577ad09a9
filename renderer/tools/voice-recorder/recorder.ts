import { randomHexId } from '@/lib/ids';
import { ChunkWriter } from './chunk-writer';
import type { TakeOutcome } from './chunk-writer';
import { micProblem, pickMimeType } from './mic-errors';
import type { MicProblem } from './mic-errors';
import type { RecordingRecord, Recordings } from './recordings';

/** MediaRecorder hands over a chunk this often; each is stored at once, so a cut-off take loses at most this much. */
export const CHUNK_MS = 1000;

/** The Web Lock a page holds while it records a take: the browser lets go of it when the page dies. */
const lockName = (id: string) => `voice-recorder-take-${id}`;

/**
 * The takes another live page (tab) is recording now, by their locks. Without the Web Locks API
 * (very old browsers) none: a take in another tab would then be shown as recovered, and goes on.
 */
export async function takesRunningElsewhere(): Promise<(id: string) => boolean> {
  const held = new Set(((await navigator.locks?.query().catch(() => undefined))?.held ?? []).map((lock) => lock.name));
  return (id) => held.has(lockName(id));
}

export class MicError extends Error {
  constructor(readonly problem: MicProblem) {
    super(`microphone: ${problem}`);
    this.name = 'MicError';
  }
}

export interface TakeEvents {
  /** A chunk could not be stored (a full disk, an IndexedDB error): the take stops; what was not stored stays in memory (TakeOutcome.unsaved). */
  onStorageError: (error: unknown) => void;
  /** The microphone went away (unplugged, taken by the system): the take stops and is kept. */
  onDeviceLost: () => void;
}

/**
 * One take from the microphone: MediaRecorder writing Opus chunks straight into storage, and an
 * AnalyserNode the page reads on each animation frame for the level meter. Nothing of the sound
 * passes through React.
 */
export class Take {
  readonly record: RecordingRecord;
  private readonly recorder: MediaRecorder;
  private readonly context: AudioContext;
  private readonly analyser: AnalyserNode;
  private readonly samples: Float32Array<ArrayBuffer>;
  private readonly writer: ChunkWriter;
  private activeSince: number | undefined;
  private activeBefore = 0;
  private stopped: Promise<TakeOutcome> | undefined;
  private releaseLock: (() => void) | undefined;

  private constructor(
    private readonly stream: MediaStream,
    store: Recordings,
    name: string,
    mimeType: string | undefined,
    private readonly events: TakeEvents,
  ) {
    this.recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    this.record = {
      id: randomHexId(),
      name,
      mimeType: this.recorder.mimeType || mimeType || 'audio/webm',
      duration: 0,
      size: 0,
      createdAt: Date.now(),
      state: 'recording',
    };
    this.writer = new ChunkWriter(store, (error) => this.events.onStorageError(error));
    this.context = new AudioContext();
    // Made after the permission prompt, so possibly without a fresh user gesture: ask it to run.
    void this.context.resume().catch(() => undefined);
    this.analyser = this.context.createAnalyser();
    this.analyser.fftSize = 2048;
    this.samples = new Float32Array(this.analyser.fftSize);
    this.context.createMediaStreamSource(stream).connect(this.analyser);
    this.recorder.addEventListener('dataavailable', (event) => this.store_(event.data));
    for (const track of stream.getAudioTracks()) track.addEventListener('ended', () => this.events.onDeviceLost());
  }

  /** Opens the microphone (`deviceId` when the user picked one) and starts recording; throws MicError. */
  static async start(store: Recordings, name: string, deviceId: string | undefined, events: TakeEvents): Promise<Take> {
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') throw new MicError('unsupported');
    let stream: MediaStream;
    try {
      // What the microphone hears, unprocessed: the call-oriented filters treat music and steady
      // sounds as noise and pump the volume.
      stream = await navigator.mediaDevices.getUserMedia({
        audio: {
          ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
          echoCancellation: false,
          noiseSuppression: false,
          autoGainControl: false,
        },
      });
    } catch (error) {
      throw new MicError(micProblem(error));
    }
    try {
      const take = new Take(
        stream,
        store,
        name,
        pickMimeType((type) => MediaRecorder.isTypeSupported(type)),
        events,
      );
      take.holdLock();
      await store.put(take.record);
      take.recorder.start(CHUNK_MS);
      take.activeSince = performance.now();
      return take;
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error instanceof MicError ? error : new MicError(micProblem(error));
    }
  }

  /** Seconds recorded so far, pauses left out. */
  elapsed(): number {
    const running = this.activeSince === undefined ? 0 : performance.now() - this.activeSince;
    return (this.activeBefore + running) / 1000;
  }

  /** The input's loudest sample in the last analyser window, 0..1. */
  level(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    let peak = 0;
    for (const sample of this.samples) peak = Math.max(peak, Math.abs(sample));
    return Math.min(1, peak);
  }

  get paused(): boolean {
    return this.recorder.state === 'paused';
  }

  pause(): void {
    if (this.recorder.state !== 'recording') return;
    this.recorder.pause();
    this.activeBefore += performance.now() - (this.activeSince ?? performance.now());
    this.activeSince = undefined;
  }

  resume(): void {
    if (this.recorder.state !== 'paused') return;
    this.recorder.resume();
    this.activeSince = performance.now();
  }

  /** Stops, waits for the last chunk to be stored and returns the finished record with what storage refused. */
  stop(): Promise<TakeOutcome> {
    this.stopped ??= new Promise<void>((resolve) => {
      if (this.recorder.state === 'inactive') return resolve();
      this.recorder.addEventListener('stop', () => resolve(), { once: true });
      this.pause();
      this.recorder.stop();
    }).then(async () => {
      for (const track of this.stream.getTracks()) track.stop();
      await this.context.close().catch(() => undefined);
      const record: RecordingRecord = { ...this.record, duration: this.elapsed(), state: 'done' };
      Object.assign(this.record, record);
      const outcome = await this.writer.finish(record);
      this.releaseLock?.();
      return outcome;
    });
    return this.stopped;
  }

  /** Marks the take as live for other tabs until it stops (see takesRunningElsewhere). */
  private holdLock(): void {
    if (!navigator.locks) return;
    void navigator.locks
      .request(lockName(this.record.id), () => new Promise<void>((resolve) => (this.releaseLock = resolve)))
      .catch(() => undefined);
  }

  private store_(blob: Blob): void {
    if (blob.size === 0) return;
    this.record.size += blob.size;
    this.record.duration = this.elapsed();
    this.writer.write(blob, { ...this.record });
  }
}
