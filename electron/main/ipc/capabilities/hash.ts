import { hashFile } from '../../adapters/hash';
import { handleCancel } from './types';
import type { CapabilityIpc } from './types';

export function registerHash(ipc: CapabilityIpc): void {
  ipc.handle('hash:file', ({ jobId, path, algorithms }, context) =>
    ipc.jobs.run(context, jobId, (signal) =>
      hashFile(path, algorithms, { signal, onProgress: (progress) => context.emit('hash:progress', { jobId, ...progress }) }),
    ),
  );
  handleCancel(ipc, 'hash:cancel');
}
