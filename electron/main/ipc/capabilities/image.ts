import { probeImage, processImage } from '../../adapters/image';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export function registerImage(ipc: CapabilityIpc): void {
  ipc.handle('image:probe', ({ path }) => probeImage(path));
  ipc.handle('image:process', ({ jobId, path, job }, context) =>
    ipc.jobs.run(context, jobId, (signal) => processImage(path, job, { signal })),
  );
  handleCancel(ipc, 'image:cancel');
}
