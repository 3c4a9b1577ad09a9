import type { IpcChannel } from '@shared/contracts/ipc';
import type { Handle } from '../handle';
import type { Jobs } from '../jobs';

/** What each capability's registration gets: the validated `handle` and the shared job table. */
export interface CapabilityIpc {
  handle: Handle;
  jobs: Jobs;
}

/** The channels that cancel a job by id (`<capability>:cancel`). */
export type CancelChannel = Extract<IpcChannel, `${string}:cancel`>;

/** The one cancel handler: every capability's `<capability>:cancel` stops that window's job with the id. */
export function handleCancel({ handle, jobs }: CapabilityIpc, channel: CancelChannel): void {
  handle(channel, ({ jobId }, context) => jobs.cancel(context, jobId));
}
