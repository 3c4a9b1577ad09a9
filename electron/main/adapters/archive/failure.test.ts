import { describe, expect, it } from 'vitest';
import { classifyFailure, onlyBenignErrors, sniffArchive } from './failure';

const head = (...bytes: number[]) => Uint8Array.from(bytes);

describe('sniffArchive', () => {
  it('knows the containers 7za reads, and RAR', () => {
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
    expect(fail(cannot, false, 'rar')).toBe('unsupported');
    expect(fail(cannot, false, 'zip')).toBe('corrupt');
    expect(fail('ERROR: Unsupported Method : a.txt')).toBe('unsupported');
  });

  it('maps damage to corrupt and keeps 7-Zip’s reason as the detail', () => {
    const error = classifyFailure({ output: 'ERROR: t.7z : t.7z\nOpen ERROR: Can not open the file as [7z] archive\nERRORS:\nUnexpected end of archive', exitCode: 2, passwordGiven: false, sniffed: '7z' });
    expect(error.code).toBe('corrupt');
    expect(error.message).toContain('archive:corrupt: ERROR: t.7z');
    expect(fail('ERROR: CRC Failed : d/f')).toBe('corrupt');
    expect(fail('')).toBe('corrupt');
  });
});

describe('onlyBenignErrors', () => {
  it('accepts archive-level complaints that do not affect the entries, nothing else', () => {
    expect(onlyBenignErrors('Type = zip\nERRORS:\nHeaders Error\nPhysical Size = 400\n\nArchives with Errors: 1\nOpen Errors: 1')).toBe(true);
    expect(onlyBenignErrors('Type = zip\nERRORS:\nUnexpected end of archive\nPhysical Size = 400')).toBe(false);
    expect(onlyBenignErrors('ERRORS:\nHeaders Error\n\nERROR: CRC Failed : a.txt\nSub items Errors: 1')).toBe(false);
    expect(onlyBenignErrors('Errors: 1')).toBe(false);
  });
});
