import { BROWSER_LIMITS } from '@shared/archive/limits';
import type { ArchiveCapability } from './types';

/**
 * The website's archives: zip through our fflate worker pool (zip.js for AES passwords and for
 * reading), tar and tar.gz written here, 7z written and everything else read by 7-Zip in wasm,
 * loaded only when such an archive comes along. The engine itself loads with the first archive
 * job: every tool page takes the platform, and only /compress makes or opens archives (~5 KB gz).
 */
export const browserArchive: ArchiveCapability = {
  engine: 'browser',
  createFormats: ['zip', '7z', 'tar', 'tar.gz'],
  limits: BROWSER_LIMITS,
  create: async (sources, settings, options = { baseName: 'archive' }) =>
    (await import('./browser-create')).createInBrowser(sources, settings, options),
  open: async (file, options) => (await import('./browser-open')).openInBrowser(file, options),
};
