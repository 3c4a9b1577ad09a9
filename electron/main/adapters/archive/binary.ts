import { constants } from 'node:fs';
import { access } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import { path7za } from '7zip-bin';
import { ArchiveError } from '@shared/contracts/archive';

/**
 * 7zip-bin resolves its binary beside its own index.js; in a packaged app that is inside app.asar,
 * which cannot be executed, so electron-builder unpacks it (asarUnpack) and we point there.
 */
export function defaultBinaryPath(): string {
  return path7za.replace(/([\\/])app\.asar([\\/])/, '$1app.asar.unpacked$2');
}

/**
 * A missing or non-executable 7za (7zip-bin ships it without the execute bit; the postinstall
 * script fixes that) is reported as `unsupported`, so the page falls back to its wasm engine,
 * with a detail that says what to fix.
 */
export async function ensureExecutable(binary: string): Promise<void> {
  // USE_SYSTEM_7ZA=true makes 7zip-bin answer a bare "7za", found on PATH at spawn time.
  if (!isAbsolute(binary)) return;
  const mode = process.platform === 'win32' ? constants.F_OK : constants.X_OK;
  try {
    await access(binary, mode);
  } catch (error) {
    const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
    throw new ArchiveError(
      'unsupported',
      missing ? `7-Zip not found at ${binary}` : `7-Zip at ${binary} is not executable (npm install runs scripts/fix-7zip-bin.mjs to fix it)`,
    );
  }
}
