import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

export interface HashingLimits {
  /** Worker threads hashing at once. */
  workers: number;
  /** Hashes waiting for a worker; one more is refused (the caller answers 429). */
  maxQueue: number;
}

/**
 * One core is left to the event loop, so other requests stay fast during a login storm (issue 13:
 * crypto.scrypt on libuv's 4 threads made /api/users/info wait seconds); each hash holds 32 MiB,
 * so the queue bounds memory too.
 */
export const DEFAULT_HASHING_LIMITS: HashingLimits = { workers: Math.max(1, Math.min(4, availableParallelism() - 1)), maxQueue: 64 };

export class HashQueueFullError extends Error {
  override name = 'HashQueueFullError';
}

interface Task {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

const WORKER_URL = new URL('./scrypt-worker.mjs', import.meta.url);

/**
 * A fixed set of stateless workers and a bounded FIFO queue. Small enough to keep here rather than
 * add a pool dependency; workers are unref'd so they never hold the process open.
 */
function createPasswordPool() {
  let limits = DEFAULT_HASHING_LIMITS;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 0;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_URL), task: undefined };
    slot.worker.unref();
    slot.worker.on('message', (message: { id: number; key?: Uint8Array; error?: string }) => {
      const task = slot.task;
      slot.task = undefined;
      if (task?.id === message.id) {
        if (message.key) task.resolve(Buffer.from(message.key));
        else task.reject(new Error(message.error ?? 'scrypt failed'));
      }
      pump();
    });
    const drop = (error: Error) => {
      slots.splice(slots.indexOf(slot), 1);
      slot.task?.reject(error);
      slot.task = undefined;
      pump();
    };
    slot.worker.on('error', drop);
    slot.worker.on('exit', (code) => {
      if (slots.includes(slot)) drop(new Error(`scrypt worker exited (${code})`));
    });
    slots.push(slot);
    return slot;
  }

  function pump(): void {
    while (queue.length > 0) {
      const slot = slots.find((candidate) => !candidate.task) ?? (slots.length < limits.workers ? spawn() : undefined);
      if (!slot) return;
      const task = queue.shift() as Task;
      slot.task = task;
      slot.worker.postMessage({ id: task.id, password: task.password, salt: task.salt, keyLength: task.keyLength, options: task.options });
    }
  }

  return {
    configure(next: HashingLimits): void {
      limits = next;
    },

    scrypt(password: string, salt: Uint8Array, keyLength: number, options: ScryptOptions): Promise<Buffer> {
      const busy = slots.filter((slot) => slot.task).length;
      if (busy >= limits.workers && queue.length >= limits.maxQueue)
        return Promise.reject(new HashQueueFullError('password hashing queue is full'));
      return new Promise((resolve, reject) => {
        queue.push({ id: nextId++, password, salt, keyLength, options, resolve, reject });
        pump();
      });
    },
  };
}

/** One pool per process, like libuv's was; the server sets its limits at start (users.module.ts). */
export const passwordPool = createPasswordPool();
