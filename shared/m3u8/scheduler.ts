import { M3u8Error, isM3u8Error } from './errors';
import type { SegmentLoader } from './loader';
import type { PlannedSegment } from './plan';

export type SegmentState = 'waiting' | 'downloading' | 'done' | 'failed';
export type RunStatus = 'running' | 'paused' | 'stalled' | 'complete' | 'cancelled' | 'error';

export interface SchedulerOptions {
  segments: readonly PlannedSegment[];
  load: SegmentLoader;
  /**
   * Receives segments strictly in plan order (0, 1, 2 …) so they can be streamed to disk; the next
   * is not handed over before the promise settles. A rejection ends the run with 'write'.
   */
  write: (data: Uint8Array, position: number) => Promise<void> | void;
  /** Segments fetched at once (default 6). */
  parallel?: number;
  /** Attempts per segment before it shows as failed (default 3: a segment failing twice then succeeding needs no click). */
  attempts?: number;
  /**
   * Bytes of finished segments waiting for their turn to be written above which no segment but the
   * one the writer waits for is started (default 32 MB): big segments behind a slow one, or a
   * writer slower than the network, fill memory no further than this plus what is in flight.
   */
  maxBufferedBytes?: number;
  /** Wait before an automatic retry, times the attempt number (default 500 ms). */
  retryDelayMs?: number;
  /** Called after every change of state; read `progress()` from it (throttle in the page). */
  onChange?: () => void;
  now?: () => number;
}

export interface Progress {
  status: RunStatus;
  total: number;
  done: number;
  failed: number;
  downloading: number;
  /** Segments handed to `write` so far. */
  written: number;
  bytes: number;
  /** Bytes per second over the last few seconds. */
  speed: number;
  /** Seconds left at the current speed; undefined until there is a speed to go by. */
  eta: number | undefined;
  error: M3u8Error | undefined;
}

export interface Scheduler {
  /** Settles when every segment is written (status 'complete'), or on cancel / a write error. */
  readonly finished: Promise<Progress>;
  progress(): Progress;
  /** A copy: one entry per planned segment, in plan order. */
  states(): SegmentState[];
  errorOf(position: number): M3u8Error | undefined;
  retry(position: number): void;
  retryFailed(): void;
  pause(): void;
  resume(): void;
  cancel(): void;
}

const speedWindowMs = 5000;

/**
 * Downloads planned segments with bounded parallelism and hands them over in order. Memory stays
 * bounded: no segment further than `parallel × 4` ahead of the next one to write is started, nor
 * any but the next one once `maxBufferedBytes` wait to be written, so a slow or failed segment or a
 * slow disk holds back that much at most, never the whole video.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { segments, load, write, onChange } = options;
  const parallel = Math.max(1, Math.floor(options.parallel ?? 6));
  const maxAttempts = Math.max(1, options.attempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 500;
  const now = options.now ?? (() => Date.now());
  const ahead = parallel * 4;
  const maxBufferedBytes = options.maxBufferedBytes ?? 32 * 1024 * 1024;
  const total = segments.length;

  const states: SegmentState[] = segments.map(() => 'waiting');
  const attempts = new Array<number>(total).fill(0);
  const errors = new Map<number, M3u8Error>();
  const finishedData = new Map<number, Uint8Array>();
  let buffered = 0;
  const inFlight = new Map<number, AbortController>();
  const retryTimers = new Set<number>();
  const samples: Array<{ at: number; bytes: number }> = [];
  let status: RunStatus = 'running';
  let nextToWrite = 0;
  let writing = false;
  let bytes = 0;
  let bytesDuration = 0;
  let fatal: M3u8Error | undefined;
  let settle!: (progress: Progress) => void;
  const finished = new Promise<Progress>((resolve) => (settle = resolve));

  const ended = () => status === 'complete' || status === 'cancelled' || status === 'error';
  const changed = () => onChange?.();

  function end(final: RunStatus, error?: M3u8Error) {
    if (ended()) return;
    status = final;
    fatal = error;
    for (const controller of inFlight.values()) controller.abort();
    inFlight.clear();
    finishedData.clear();
    buffered = 0;
    changed();
    settle(progress());
  }

  function pump() {
    if (status !== 'running' && status !== 'stalled') return;
    for (let i = nextToWrite; i < total && i < nextToWrite + ahead && inFlight.size < parallel; i++) {
      // Over the budget only the segment the writer waits for may start: nothing else can be written before it.
      if (buffered >= maxBufferedBytes && i !== nextToWrite) break;
      if (states[i] === 'waiting' && !retryTimers.has(i)) start(i);
    }
    const failed = states.some((s) => s === 'failed');
    status = failed && inFlight.size === 0 && retryTimers.size === 0 && !writing ? 'stalled' : 'running';
  }

  function start(i: number) {
    const controller = new AbortController();
    inFlight.set(i, controller);
    states[i] = 'downloading';
    attempts[i] = attempts[i]! + 1;
    load(segments[i]!, controller.signal).then(
      (data) => {
        if (inFlight.get(i) !== controller) return;
        inFlight.delete(i);
        states[i] = 'done';
        errors.delete(i);
        bytes += data.length;
        bytesDuration += segments[i]!.duration;
        samples.push({ at: now(), bytes: data.length });
        finishedData.set(i, data);
        buffered += data.length;
        void flush();
        pump();
        changed();
      },
      (cause: unknown) => {
        // Paused or cancelled: the segment was put back (or the run ended) already.
        if (inFlight.get(i) !== controller) return;
        inFlight.delete(i);
        errors.set(i, isM3u8Error(cause) ? cause : new M3u8Error('http', { message: String(cause) }));
        if (attempts[i]! < maxAttempts) {
          states[i] = 'waiting';
          retryTimers.add(i);
          setTimeout(() => {
            retryTimers.delete(i);
            pump();
            changed();
          }, retryDelayMs * attempts[i]!);
        } else {
          states[i] = 'failed';
        }
        pump();
        changed();
      },
    );
  }

  async function flush() {
    if (writing) return;
    writing = true;
    try {
      while (!ended() && finishedData.has(nextToWrite)) {
        const data = finishedData.get(nextToWrite)!;
        finishedData.delete(nextToWrite);
        buffered -= data.length;
        await write(data, nextToWrite);
        nextToWrite++;
        pump();
        changed();
      }
    } catch (cause) {
      writing = false;
      end('error', new M3u8Error('write', { message: cause instanceof Error ? cause.message : String(cause) }));
      return;
    }
    writing = false;
    if (nextToWrite === total) end('complete');
    else pump();
  }

  function progress(): Progress {
    const cutoff = now() - speedWindowMs;
    while (samples.length > 0 && samples[0]!.at < cutoff) samples.shift();
    const recent = samples.reduce((sum, s) => sum + s.bytes, 0);
    const span = samples.length > 0 ? Math.max(1000, now() - samples[0]!.at) : 0;
    const speed = span > 0 && status === 'running' ? (recent * 1000) / span : 0;
    const count = (state: SegmentState) => states.filter((s) => s === state).length;
    const done = count('done');
    let eta: number | undefined;
    if (status === 'complete') eta = 0;
    else if (speed > 0 && bytesDuration > 0) {
      // Bytes left are estimated from the media seconds left at the bitrate seen so far.
      const secondsLeft = segments.reduce((sum, s, i) => (states[i] === 'done' ? sum : sum + s.duration), 0);
      eta = (secondsLeft * bytes) / bytesDuration / speed;
    }
    return {
      status,
      total,
      done,
      failed: count('failed'),
      downloading: count('downloading'),
      written: nextToWrite,
      bytes,
      speed,
      eta,
      error: fatal,
    };
  }

  if (total === 0) end('complete');
  // Started on the next tick so that the caller can hold the returned object before the first onChange.
  else
    void Promise.resolve().then(() => {
      pump();
      changed();
    });

  return {
    finished,
    progress,
    states: () => [...states],
    errorOf: (position) => errors.get(position),
    retry(position) {
      if (ended() || states[position] !== 'failed') return;
      states[position] = 'waiting';
      attempts[position] = 0;
      pump();
      changed();
    },
    retryFailed() {
      if (ended()) return;
      states.forEach((state, i) => {
        if (state === 'failed') {
          states[i] = 'waiting';
          attempts[i] = 0;
        }
      });
      pump();
      changed();
    },
    pause() {
      if (status !== 'running' && status !== 'stalled') return;
      status = 'paused';
      // The partial bytes of an aborted segment are dropped; it starts over on resume and the attempt does not count.
      for (const [i, controller] of inFlight) {
        controller.abort();
        states[i] = 'waiting';
        attempts[i] = attempts[i]! - 1;
      }
      inFlight.clear();
      changed();
    },
    resume() {
      if (status !== 'paused') return;
      status = 'running';
      pump();
      changed();
    },
    cancel() {
      end('cancelled', new M3u8Error('cancelled'));
    },
  };
}
