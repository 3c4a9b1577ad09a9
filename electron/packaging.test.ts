import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import type { FuseConfig } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import type { Configuration } from 'app-builder-lib';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config';
import { DebugLogger } from 'builder-util';
import { afterAll, describe, expect, it } from 'vitest';
import { FILE_ASSOCIATIONS } from '@shared/contracts/opened-files';

/**
 * electron-builder.yml as electron-builder itself reads it. Packaging needs a network (Electron and
 * the installers are downloaded), so what can be checked here is the configuration: it passes
 * electron-builder's schema, and the fuse wire its packager would write into the binary.
 */
const root = join(import.meta.dirname, '..');
const config: Configuration = await getConfig(root, join(root, 'electron-builder.yml'), null);
const scratch = mkdtempSync(join(tmpdir(), 'baibao-fuses-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What the packager passes to @electron/fuses right before signing (its own private step, called as it calls it). */
async function packagerFuseConfig(): Promise<FuseConfig> {
  const generate = Reflect.get(PlatformPackager.prototype, 'generateFuseConfig') as (fuses: unknown) => Promise<FuseConfig>;
  return generate.call(undefined, config.electronFuses);
}

/** @electron/fuses' marker before the wire inside every Electron binary (not exported by the package). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const OFF = 0x30; // '0'
const ON = 0x31; // '1'

/**
 * A stand-in for the Electron binary: code, the sentinel, wire version 1 with eight fuses, each
 * set the opposite way to what we want, so an unflipped fuse shows.
 */
function fakeElectron(): string {
  const path = join(scratch, 'electron');
  const opposite = [ON, OFF, ON, ON, OFF, OFF, OFF, ON];
  writeFileSync(
    path,
    Buffer.concat([Buffer.from('code before'), Buffer.from(SENTINEL), Buffer.from([1, 8, ...opposite]), Buffer.from('code after')]),
  );
  return path;
}

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('registers every file type the app opens, and only those (the same list main routes by)', () => {
    const registered = (config.fileAssociations ? [config.fileAssociations].flat() : []).flatMap(({ ext }) => [ext].flat());
    expect(registered.sort()).toEqual(Object.values(FILE_ASSOCIATIONS).flat().sort());
    for (const association of [config.fileAssociations].flat()) expect(association?.mimeType, String(association?.ext)).toBeTruthy();
  });

  it('flips the security fuses when packaging', async () => {
    const binary = fakeElectron();
    await flipFuses(binary, { ...(await packagerFuseConfig()), version: FuseVersion.V1 });
    const wire = await getCurrentFuseWire(binary);
    const state = (fuse: FuseV1Options) => (wire as unknown as Record<number, number>)[fuse];
    expect({
      runAsNode: state(FuseV1Options.RunAsNode),
      nodeOptions: state(FuseV1Options.EnableNodeOptionsEnvironmentVariable),
      nodeCliInspect: state(FuseV1Options.EnableNodeCliInspectArguments),
      asarIntegrity: state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation),
      onlyAsar: state(FuseV1Options.OnlyLoadAppFromAsar),
      cookieEncryption: state(FuseV1Options.EnableCookieEncryption),
      fileProtocolPrivileges: state(FuseV1Options.GrantFileProtocolExtraPrivileges),
    }).toEqual({
      runAsNode: OFF,
      nodeOptions: OFF,
      nodeCliInspect: OFF,
      asarIntegrity: ON,
      onlyAsar: ON,
      cookieEncryption: ON,
      fileProtocolPrivileges: OFF,
    });
    // Only the wire changed: the code around it is byte for byte the same.
    const bytes = readFileSync(binary).toString('latin1');
    expect(bytes.startsWith(`code before${SENTINEL}`) && bytes.endsWith('code after')).toBe(true);
  });
});
