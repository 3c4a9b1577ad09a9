import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { ScryptOptions } from 'node:crypto';

export interface HashingLimits {
  /** Worker threads hashing at once. */
  workers: number;
  /** Hashes waiting for a worker; one more is refused at once (the caller answers 429). */
  maxQueue: number;
  /** A hash that has waited this long for a worker is refused (429) instead of started. */
  maxWaitMs: number;
}

/**
 * One core is left to the event loop, so other requests stay fast during a login storm (issue 13:
 * crypto.scrypt on libuv's 4 threads made /api/users/info wait seconds); each hash holds 32 MiB,
 * so the queue bounds memory too. Three seconds of waiting is about 20 hashes on a busy 2-core
 * machine: a login refused as "busy" then is better than one answered long after its user gave up,
 * and a hash nobody waits for any more is never started.
 */
export const DEFAULT_HASHING_LIMITS: HashingLimits = {
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  maxQueue: 64,
  maxWaitMs: 3000,
};

/** No worker was free soon enough: the login or sign-up is answered "busy, try again". */
export class HashingBusyError extends Error {
  override name = 'HashingBusyError';
}

interface Task {
  id: number;
  password: string;
  salt: Uint8Array;
  keyLength: number;
  options: ScryptOptions;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
  /** Refuses the task when it has waited maxWaitMs; cleared when a worker takes it. */
  expiry: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  task: Task | undefined;
}

const SCRYPT_WORKER = new URL('./scrypt-worker.mjs', import.meta.url);

/**
 * A fixed set of stateless workers and a bounded FIFO queue. Small enough to keep here rather than
 * add a pool dependency; workers are unref'd so they never hold the process open. `workerUrl`
 * is the scrypt worker; tests pass a fake with the same messages.
 */
export function createPasswordPool(workerUrl: URL = SCRYPT_WORKER) {
  let limits = DEFAULT_HASHING_LIMITS;
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 0;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl), task: undefined };
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
      clearTimeout(task.expiry);
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
        return Promise.reject(new HashingBusyError('password hashing queue is full'));
      return new Promise((resolve, reject) => {
        const task: Task = {
          id: nextId++,
          password,
          salt,
          keyLength,
          options,
          resolve,
          reject,
          expiry: setTimeout(() => {
            queue.splice(queue.indexOf(task), 1);
            reject(new HashingBusyError(`password hashing waited ${limits.maxWaitMs} ms for a worker`));
          }, limits.maxWaitMs),
        };
        queue.push(task);
        pump();
      });
    },
  };
}

/** One pool per process, like libuv's was; the server sets its limits at start (users.module.ts). */
export const passwordPool = createPasswordPool();
