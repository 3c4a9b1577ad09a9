import type { IpcChannel, IpcEvent, IpcEvents, IpcInput, IpcResult } from '@shared/contracts/ipc';

type Invoke = <C extends IpcChannel>(channel: C, args: IpcInput<C>) => Promise<IpcResult<C>>;
type On = <E extends IpcEvent>(event: E, listener: (payload: IpcEvents[E]) => void) => () => void;
type CancelChannel = Extract<IpcChannel, `${string}:cancel`>;
/** Events that belong to one job. */
type JobEvent = { [E in IpcEvent]: IpcEvents[E] extends { jobId: string } ? E : never }[IpcEvent];

/** `window.native.<capability>.cancel`: every capability cancels a job the same way, by its id. */
export function cancelJob(invoke: Invoke, channel: CancelChannel): (jobId: string) => Promise<void> {
  return (jobId) => invoke(channel, { jobId });
}

/**
 * Runs one call with `onProgress` fed the job's own progress events (other jobs' are ignored) and
 * unsubscribes when the call settles, however it settles.
 */
export async function withProgress<E extends JobEvent, T>(
  on: On,
  event: E,
  jobId: string,
  onProgress: ((payload: IpcEvents[E]) => void) | undefined,
  call: () => Promise<T>,
): Promise<T> {
  const off = onProgress ? on(event, (payload) => payload.jobId === jobId && onProgress(payload)) : undefined;
  try {
    return await call();
  } finally {
    off?.();
  }
}
