import { describe, expect, it } from 'vitest';
import { classifyCreateFailure, classifyFailure, isBareWriteFailure, onlyBenignErrors, sniffArchive } from './failure';

const head = (...bytes: number[]) => Uint8Array.from(bytes);

describe('sniffArchive', () => {
  it('knows the containers 7-Zip reads that the page opens', () => {
    expect(sniffArchive(head(0x50, 0x4b, 0x03, 0x04))).toBe('zip');
    expect(sniffArchive(head(0x50, 0x4b, 0x05, 0x06))).toBe('zip');
    expect(sniffArchive(head(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c))).toBe('7z');
    expect(sniffArchive(head(0x1f, 0x8b, 0x08))).toBe('gz');
    expect(sniffArchive(head(0x42, 0x5a, 0x68, 0x39))).toBe('bz2');
    expect(sniffArchive(head(0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00))).toBe('xz');
    expect(sniffArchive(head(0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00))).toBe('rar');
    const tar = new Uint8Array(512);
    tar.set([0x75, 0x73, 0x74, 0x61, 0x72], 257);
    expect(sniffArchive(tar)).toBe('tar');
    expect(sniffArchive(new TextEncoder().encode('hello'))).toBeUndefined();
  });
});

describe('classifyFailure', () => {
  const fail = (output: string, passwordGiven = false, sniffed?: ReturnType<typeof sniffArchive>) =>
    classifyFailure({ output, exitCode: 2, passwordGiven, sniffed }).code;

  it('tells a missing password from a wrong one', () => {
    const encrypted = 'ERROR: h.7z : Can not open encrypted archive. Wrong password?';
    expect(fail(encrypted)).toBe('passwordRequired');
    expect(fail(encrypted, true)).toBe('wrongPassword');
    expect(fail('ERROR: Wrong password : a.txt', true)).toBe('wrongPassword');
    expect(fail('ERROR: CRC Failed in encrypted file. Wrong password? : a.txt', true)).toBe('wrongPassword');
  });

  it('calls an unknown file unsupported, and a known container that will not open corrupt', () => {
    const cannot = 'ERROR: x : Can not open the file as archive';
    expect(fail(cannot)).toBe('unsupported');
    // 7-Zip 24 reads RAR: a RAR it cannot open is damaged, like a zip.
    expect(fail(cannot, false, 'rar')).toBe('corrupt');
    expect(fail(cannot, false, 'zip')).toBe('corrupt');
    expect(fail('ERROR: x : Cannot open the file as archive')).toBe('unsupported');
    expect(fail('ERROR: h.7z : Cannot open encrypted archive. Wrong password?')).toBe('passwordRequired');
    expect(fail('ERROR: Unsupported Method : a.txt')).toBe('unsupportedMethod');
    expect(
      classifyFailure({ output: 'ERROR = Missing volume : /home/u/x.part2.rar', exitCode: 2, passwordGiven: false, sniffed: 'rar' })
        .message,
    ).toBe('archive:missingVolume: x.part2.rar');
  });

  it('refuses links 7-Zip calls dangerous, and names the disk failure the wasm worker saw', () => {
    expect(fail('Sub items Errors: 1\nERROR: Dangerous link path was ignored : b/escape : /tmp/x')).toBe('unsafePath');
    expect(fail('ERROR: uncaught exception 263392\nERROR: system error ENOSPC')).toBe('diskFull');
    expect(fail('ERROR: uncaught exception 263392\nERROR: system error EROFS')).toBe('fileUnavailable');
  });

  it('maps damage to corrupt and keeps 7-Zip’s reason as the detail', () => {
    const error = classifyFailure({
      output: 'ERROR: t.7z : t.7z\nOpen ERROR: Can not open the file as [7z] archive\nERRORS:\nUnexpected end of archive',
      exitCode: 2,
      passwordGiven: false,
      sniffed: '7z',
    });
    expect(error.code).toBe('corrupt');
    expect(error.message).toContain('archive:corrupt: ERROR: t.7z');
    expect(fail('ERROR: CRC Failed : d/f')).toBe('corrupt');
    expect(fail('')).toBe('corrupt');
  });
});

/** What 7-Zip (7za 16.02, the earlier engine, and native builds alike) printed in each case, run for real; paths shortened. */
const OUTPUT = {
  archiveGone: 'Scanning the drive for archives:\n\nERROR: No more files\n/home/u/gone.zip\n\n\n\nSystem ERROR:\nUnknown error -2147024872',
  archiveLocked:
    'Scanning the drive for archives:\n1 file, 3000148 bytes (2930 KiB)\n\nListing archive: /home/u/locked.zip\n\n\nErrors: 1\nERROR: /home/u/locked.zip : opening : Permission denied\n\n\nSystem ERROR:\nPermission denied',
  extractDiskFull: 'Extracting archive: t.zip\n--\nPath = t.zip\nType = zip\n\n  0%    \nArchives with Errors: 1\n\nERROR: E_FAIL\n',
  createDiskFull: 'Creating archive: /media/full/o.7z\n\nItems to compress: 1\n\n  0%     24% + big.bin\n\nSystem ERROR:\nE_FAIL',
  createSourceGone:
    'Files read from disk: 1\nArchive size: 153 bytes (1 KiB)\n\nScan WARNINGS for files and folders:\n\n/home/u/gone.txt : No more files\n----------------\nScan WARNINGS: 1',
  createSourceLocked: '  0%    \nWARNING: Permission denied\n/home/u/secret.txt\n',
  createOutputLocked: 'Error:\ncannot open file\n/home/u/ro/o.zip\nPermission denied\n\n\n\nSystem ERROR:\nUnknown error -2147024883',
  createReadOnly: 'Error:\ncannot open file\n/media/ro/.o.partial\nRead-only file system\n\nSystem ERROR:\nUnknown error -2147024866',
};

describe('file-system failures', () => {
  const fail = (output: string) => classifyFailure({ output, exitCode: 2, passwordGiven: false, sniffed: 'zip' });

  it('reads a vanished or unreadable archive as fileUnavailable with the errno alone, never the path 7-Zip printed', () => {
    expect(fail(OUTPUT.archiveGone).message).toBe('archive:fileUnavailable: ENOENT');
    expect(fail(OUTPUT.archiveLocked).message).toBe('archive:fileUnavailable: EACCES');
    expect(fail('ERROR: There is not enough space on the disk.').message).toBe('archive:diskFull: ENOSPC');
  });

  it('leaves a bare E_FAIL to the caller, which knows where it was writing', () => {
    const failure = fail(OUTPUT.extractDiskFull);
    expect(isBareWriteFailure(failure)).toBe(true);
    expect(isBareWriteFailure(fail('ERROR: CRC Failed : d/f'))).toBe(false);
    expect(classifyCreateFailure(OUTPUT.createDiskFull)).toBeUndefined();
  });

  it('names why an archive could not be created: a source gone or locked, an output folder locked or read-only', () => {
    expect(classifyCreateFailure(OUTPUT.createSourceGone)?.message).toBe('archive:fileUnavailable: ENOENT');
    expect(classifyCreateFailure(OUTPUT.createSourceLocked)?.message).toBe('archive:fileUnavailable: EACCES');
    expect(classifyCreateFailure(OUTPUT.createOutputLocked)?.message).toBe('archive:fileUnavailable: EACCES');
    expect(classifyCreateFailure(OUTPUT.createReadOnly)?.message).toBe('archive:fileUnavailable: EROFS');
    expect(classifyCreateFailure('ERROR: No space left on device')?.message).toBe('archive:diskFull: ENOSPC');
  });
});

describe('onlyBenignErrors', () => {
  it('accepts archive-level complaints that do not affect the entries, nothing else', () => {
    expect(onlyBenignErrors('Type = zip\nERRORS:\nHeaders Error\nPhysical Size = 400\n\nArchives with Errors: 1\nOpen Errors: 1')).toBe(
      true,
    );
    expect(onlyBenignErrors('Type = zip\nERRORS:\nUnexpected end of archive\nPhysical Size = 400')).toBe(false);
    expect(onlyBenignErrors('ERRORS:\nHeaders Error\n\nERROR: CRC Failed : a.txt\nSub items Errors: 1')).toBe(false);
    expect(onlyBenignErrors('Errors: 1')).toBe(false);
  });
});
