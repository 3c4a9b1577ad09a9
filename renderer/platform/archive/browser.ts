import { BROWSER_LIMITS } from '@shared/archive/limits';
import { createInBrowser } from './browser-create';
import { openInBrowser } from './browser-open';
import type { ArchiveCapability } from './types';

/**
 * The website's archives: zip through our fflate worker pool (zip.js for AES passwords and for
 * reading), tar and tar.gz written here, 7z written and everything else read by 7-Zip in wasm,
 * loaded only when such an archive comes along.
 */
export const browserArchive: ArchiveCapability = {
  engine: 'browser',
  createFormats: ['zip', '7z', 'tar', 'tar.gz'],
  limits: BROWSER_LIMITS,
  create: (sources, settings, options = { baseName: 'archive' }) => createInBrowser(sources, settings, options),
  open: (file, options) => openInBrowser(file, options),
};
