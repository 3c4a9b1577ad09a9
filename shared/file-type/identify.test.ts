import { gzipSync, strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { identify } from './identify';
import { bytesBlob } from './source';
import type { BlobLike } from './source';

const text = (value: string) => bytesBlob(strToU8(value));
const run = (bytes: Uint8Array, name?: string) => identify(bytesBlob(bytes), name);

/** A minimal OLE2 compound file: header, one FAT sector, one directory sector with the given streams. */
function compoundFile(streams: string[]): Uint8Array {
  const file = new Uint8Array(512 * 3);
  const view = new DataView(file.buffer);
  file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true);
  view.setUint32(0x30, 1, true);
  view.setUint32(0x38, 4096, true);
  view.setUint32(0x3c, 0xfffffffe, true);
  view.setUint32(0x44, 0xfffffffe, true);
  for (let index = 0; index < 109; index += 1) view.setUint32(0x4c + index * 4, index === 0 ? 0 : 0xffffffff, true);
  // FAT: sector 0 is the FAT itself, sector 1 the (one-sector) directory chain.
  for (let index = 0; index < 128; index += 1)
    view.setUint32(512 + index * 4, index === 0 ? 0xfffffffd : index === 1 ? 0xfffffffe : 0xffffffff, true);
  ['Root Entry', ...streams].slice(0, 4).forEach((name, index) => {
    const at = 1024 + index * 128;
    for (let char = 0; char < name.length; char += 1) view.setUint16(at + char * 2, name.charCodeAt(char), true);
    view.setUint16(at + 64, (name.length + 1) * 2, true);
    file[at + 66] = index === 0 ? 5 : 2;
    view.setUint32(at + 116, 0xfffffffe, true);
  });
  return file;
}

/** A ustar header for one empty file. */
function tarHeader(name: string): Uint8Array {
  const header = new Uint8Array(1024);
  header.set(strToU8(name));
  header.set(strToU8('0000644\0'), 100);
  header.set(strToU8('00000000000\0'), 124);
  header.set(strToU8('ustar\x0000'), 257);
  header.fill(32, 148, 156);
  const sum = header.subarray(0, 512).reduce((total, byte) => total + byte, 0);
  header.set(strToU8(`${sum.toString(8).padStart(6, '0')}\0 `), 148);
  return header;
}

describe('identify: magic bytes', () => {
  it('reads real images made by sharp', async () => {
    const image = sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366ff' } });
    expect(await run(await image.clone().png().toBuffer())).toMatchObject({
      format: 'png',
      mime: 'image/png',
      ext: 'png',
      kind: 'image',
      basis: 'magic',
    });
    expect(await run(await image.clone().jpeg().toBuffer())).toMatchObject({ format: 'jpg', mime: 'image/jpeg' });
    expect(await run(await image.clone().webp().toBuffer())).toMatchObject({ format: 'webp', mime: 'image/webp' });
  });

  it('still names a PNG whose chunks are damaged, and flags it', async () => {
    const png = new Uint8Array(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
    );
    png.fill(0xee, 12, 16); // the IHDR chunk type
    expect(await run(png)).toMatchObject({ format: 'png', flags: ['damaged'] });
  });

  it('gives empty files and unknown bytes their own answers', async () => {
    expect(await run(new Uint8Array(0))).toMatchObject({ format: 'empty', kind: 'empty', ext: '' });
    const noise = Uint8Array.from({ length: 3000 }, (_, index) => (index * 7919 + 13) % 251);
    noise[0] = 0x00;
    noise[1] = 0x01;
    expect(await run(noise)).toMatchObject({ format: 'unknown', mime: 'application/octet-stream', basis: 'none' });
  });

  it('gives MPEG program streams the registered MIME type and names font collections', async () => {
    // Pack headers of MPEG-1 and MPEG-2 program streams, padded so the parser has a full head.
    const pack = (marker: number) => Uint8Array.from([0x00, 0x00, 0x01, 0xba, marker, ...new Array<number>(4091).fill(0)]);
    expect(await run(pack(0x21))).toMatchObject({ format: 'mpg', mime: 'video/mpeg', kind: 'video' });
    expect(await run(pack(0x44))).toMatchObject({ format: 'mpg', mime: 'video/mpeg' });
    const ttc = new Uint8Array(4096);
    ttc.set(strToU8('ttcf\x00\x01\x00\x00\x00\x00\x00\x01\x00\x00\x00\x10'));
    expect(await run(ttc)).toMatchObject({ format: 'ttc', mime: 'font/collection', label: 'TrueType Collection', kind: 'font' });
  });

  it('reads only slices of a huge file', async () => {
    let read = 0;
    const size = 4 * 1024 ** 3;
    const huge: BlobLike = {
      size,
      slice: (start = 0, end = size) => ({
        arrayBuffer: () => {
          read += end - start;
          return Promise.resolve(new Uint8Array(end - start).fill(0x61).buffer);
        },
      }),
    };
    expect((await identify(huge)).format).toBe('txt');
    expect(read).toBeLessThan(256 * 1024);
  });
});

describe('identify: containers', () => {
  const zip = (files: Record<string, Uint8Array>) => zipSync(files);

  it('tells zip-based formats by their entries', async () => {
    expect((await run(zip({ 'a.txt': strToU8('hello') }))).format).toBe('zip');
    expect((await run(zip({ 'META-INF/MANIFEST.MF': strToU8('Manifest-Version: 1.0\n'), 'A.class': strToU8('x') }))).format).toBe('jar');
    expect(
      (
        await run(
          zip({ 'document.json': strToU8('{}'), 'meta.json': strToU8('{}'), 'user.json': strToU8('{}'), 'pages/1.json': strToU8('{}') }),
        )
      ).format,
    ).toBe('sketch');
    expect((await run(zip({ 'doc.kml': strToU8('<kml/>') }))).format).toBe('kmz');
  });

  it('reads OOXML main content types and ODF/EPUB mimetype entries', async () => {
    const types = (main: string, part: string) =>
      strToU8(
        `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${part}" ContentType="${main}"/></Types>`,
      );
    const docm = zip({
      '[Content_Types].xml': types('application/vnd.ms-word.document.macroEnabled.main+xml', 'word/document.xml'),
      'word/document.xml': strToU8('<w:document/>'),
    });
    expect(await run(docm)).toMatchObject({
      format: 'docm',
      mime: 'application/vnd.ms-word.document.macroEnabled.12',
      basis: expect.stringMatching(/container|magic/),
    });
    const xlsb = zip({
      '[Content_Types].xml': types('application/vnd.ms-excel.sheet.binary.macroEnabled.main', 'xl/workbook.bin'),
      'xl/workbook.bin': new Uint8Array([1, 2, 3]),
    });
    expect(await run(xlsb)).toMatchObject({ format: 'xlsb', kind: 'spreadsheet', basis: 'container' });
    const epub = zipSync({ mimetype: [strToU8('application/epub+zip'), { level: 0 }], 'META-INF/container.xml': strToU8('<container/>') });
    expect((await run(epub)).format).toBe('epub');
    const ods = zipSync({
      mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }],
      'content.xml': strToU8('<x/>'),
    });
    expect((await run(ods)).format).toBe('ods');
  });

  it('finds the zip-based format from local headers when the tail is missing', async () => {
    const whole = zip({
      'document.json': strToU8('{}'),
      'meta.json': strToU8('{}'),
      'pages/1.json': strToU8('{}'),
      'previews/preview.png': new Uint8Array(64),
    });
    expect(await run(whole.subarray(0, whole.length - 30))).toMatchObject({ format: 'sketch', flags: ['partial'] });
  });

  it('tells OLE2 documents by their stream names', async () => {
    expect(await run(compoundFile(['WordDocument']))).toMatchObject({ format: 'doc', mime: 'application/msword', basis: 'container' });
    expect((await run(compoundFile(['Workbook']))).format).toBe('xls');
    expect((await run(compoundFile(['PowerPoint Document']))).format).toBe('ppt');
    expect((await run(compoundFile(['Thing']))).format).toBe('cfb');
  });

  it('names an encrypted Office file by its extension only, and says so', async () => {
    const encrypted = compoundFile(['EncryptionInfo', 'EncryptedPackage']);
    expect(await run(encrypted, 'budget.xlsx')).toMatchObject({ format: 'xlsx', basis: 'name', flags: ['encrypted'] });
    expect(await run(encrypted, 'budget.bin')).toMatchObject({ mime: 'application/encrypted', ext: '', flags: ['encrypted'] });
  });

  it('looks inside gzip for a tar', async () => {
    expect(await run(gzipSync(tarHeader('hello.txt')))).toMatchObject({ format: 'tar.gz', ext: 'tar.gz', mime: 'application/gzip' });
    expect(await run(gzipSync(strToU8('just some text\n'.repeat(100))))).toMatchObject({ format: 'gz' });
  });
});

describe('identify: text', () => {
  it('reports the text format and the encoding it decoded with', async () => {
    expect(await identify(text('{"name": "百宝箱", "tools": [1, 2]}'))).toMatchObject({
      format: 'json',
      mime: 'application/json',
      basis: 'text',
      encoding: 'UTF-8',
    });
    expect(await identify(text('hello\n'))).toMatchObject({ format: 'txt', mime: 'text/plain', label: '', encoding: 'ASCII' });
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...Array.from(strToU8('WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n')).flatMap((byte) => [byte, 0]),
    ]);
    expect(await run(utf16)).toMatchObject({ format: 'vtt', encoding: 'UTF-16LE-BOM' });
  });

  it('does not take text that mentions a signature for that format', async () => {
    expect((await identify(text('// builds a minimal file: %PDF-1.4 header, objects, xref\nconst x = 1;\n'))).format).not.toBe('pdf');
    expect((await identify(bytesBlob(new Uint8Array([0, 1, 2, 3, ...strToU8('%PDF-1.4\n%junk before the header\n')])))).format).toBe('pdf');
  });

  it('does not take JSON for an image because of its name', async () => {
    expect(await identify(text('{"webp": true}\n'), 'photo.webp')).toMatchObject({ format: 'json' });
  });

  it('refines file-type’s XML into the dialect by root element', async () => {
    expect((await identify(text('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).format).toBe('svg');
    expect((await identify(text('<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>'))).format).toBe('rss');
    expect((await identify(text('<?xml version="1.0"?>\n<note><to>x</to></note>'))).format).toBe('xml');
  });
});
