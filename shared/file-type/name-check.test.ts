import { describe, expect, it } from 'vitest';
import { compare, libmagicAgreement, normalizeMime } from './agreement';
import type { Identification } from './identify';
import { checkName, nameExtension, renameWithExtension } from './name-check';

const detected = (format: string, ext = format, mime = 'x/y'): Identification => ({
  format,
  ext,
  mime,
  label: '',
  kind: 'other',
  basis: 'magic',
  flags: [],
});

describe('name extensions', () => {
  it('reads simple and compound extensions, and none for dotfiles', () => {
    expect(nameExtension('Photo.JPG')).toBe('jpg');
    expect(nameExtension('backup.tar.gz')).toBe('tar.gz');
    expect(nameExtension('dir/报告.docx')).toBe('docx');
    expect(nameExtension('README')).toBe('');
    expect(nameExtension('.bashrc')).toBe('');
  });

  it('renames with the proper extension', () => {
    expect(renameWithExtension('photo.webp', 'json')).toBe('photo.json');
    expect(renameWithExtension('archive.tar.gz', 'zip')).toBe('archive.zip');
    expect(renameWithExtension('README', 'md')).toBe('README.md');
  });
});

describe('checkName', () => {
  it('accepts the format, its aliases and its container', () => {
    expect(checkName('a.jpeg', detected('jpg')).status).toBe('ok');
    expect(checkName('a.tgz', detected('tar.gz')).status).toBe('ok');
    expect(checkName('a.tar.xz', detected('xz')).status).toBe('ok');
    expect(checkName('plugin.zip', detected('jar')).status).toBe('ok');
    expect(checkName('data.txt', detected('json')).status).toBe('ok');
    expect(checkName('part.7z.001', detected('7z')).status).toBe('ok');
  });

  it('warns when the name claims another format, with the right name to copy', () => {
    expect(checkName('photo.webp', detected('json'))).toEqual({ status: 'mismatch', extension: 'webp', suggestedName: 'photo.json' });
    expect(checkName('report.pdf', detected('docx'))).toMatchObject({ status: 'mismatch', suggestedName: 'report.docx' });
    expect(checkName('image.xyz', detected('png'))).toMatchObject({ status: 'mismatch', suggestedName: 'image.png' });
    expect(checkName('table.csv', detected('json'))).toMatchObject({ status: 'mismatch' });
  });

  it('warns about a strict text format that failed its check, not about heuristics', () => {
    expect(checkName('config.json', detected('txt')).status).toBe('mismatch');
    expect(checkName('notes.conf', detected('txt')).status).toBe('ok');
    expect(checkName('main.kt', detected('java')).status).toBe('ok');
    expect(checkName('index.php', detected('html')).status).toBe('ok');
    expect(checkName('export.txt', detected('csv')).status).toBe('ok');
  });

  it('suggests an extension for a bare name and says nothing about unknown content', () => {
    expect(checkName('download', detected('pdf'))).toEqual({ status: 'missing', extension: '', suggestedName: 'download.pdf' });
    expect(checkName('a.png', { ...detected('unknown'), ext: '' }).status).toBe('unchecked');
    expect(checkName('a.png', { ...detected('empty'), ext: '' }).status).toBe('unchecked');
  });
});

describe('agreement with libmagic', () => {
  it('folds MIME aliases and parameters', () => {
    expect(normalizeMime('application/x-zip-compressed')).toBe('application/zip');
    expect(normalizeMime('Image/X-MS-BMP')).toBe('image/bmp');
    expect(normalizeMime('text/plain; charset=utf-8')).toBe('text/plain');
    expect(normalizeMime('application/vnd.ms-excel.sheet.macroEnabled.12')).toBe('application/vnd.ms-excel.sheet.macroenabled.12');
  });

  it('counts the same type or its container, nothing else', () => {
    expect(compare({ format: 'xml', mime: 'text/xml' }, 'application/xml')).toBe('same');
    expect(compare({ format: 'xpi', mime: 'application/x-xpinstall' }, 'application/zip')).toBe('container');
    expect(compare({ format: 'json', mime: 'application/json' }, 'text/plain')).toBe('container');
    expect(compare({ format: 'svg', mime: 'image/svg+xml' }, 'text/xml')).toBe('container');
    expect(
      compare({ format: 'zip', mime: 'application/zip' }, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    ).toBeUndefined();
    expect(compare({ format: 'png', mime: 'image/png' }, 'image/jpeg')).toBeUndefined();
  });

  it('uses the MANIFEST verdict only where libmagic was right or unknown', () => {
    // libmagic calls a Windows cursor image/x-win-bitmap; the MANIFEST rules that the same type.
    const cursor = { format: 'cur', mime: 'image/x-icon' };
    expect(libmagicAgreement(cursor, { mime: 'image/x-icon', libmagic: 'image/x-win-bitmap', libmagicAgrees: 'yes' })).toBe(
      'truth-where-libmagic-agrees',
    );
    expect(
      libmagicAgreement(
        { format: 'key', mime: 'application/vnd.apple.keynote' },
        { mime: 'application/x-iwork-keynote-sffkey', libmagic: 'application/zip', libmagicAgrees: 'yes' },
      ),
    ).toBe('libmagic');
    const mp3 = { format: 'mp3', mime: 'audio/mpeg' };
    expect(libmagicAgreement(mp3, { mime: 'audio/mpeg', libmagic: 'application/octet-stream', libmagicAgrees: 'unknown' })).toBe(
      'truth-where-libmagic-unknown',
    );
    expect(libmagicAgreement(mp3, { mime: 'audio/mpeg', libmagic: 'video/mp4', libmagicAgrees: 'no' })).toBeUndefined();
    expect(
      libmagicAgreement(
        { format: 'txt', mime: 'text/plain' },
        { mime: 'audio/mpeg', libmagic: 'application/octet-stream', libmagicAgrees: 'unknown' },
      ),
    ).toBeUndefined();
  });
});
