import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from '@cantoo/pdf-lib';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { tarEnd, tarHeader, tarPadding } from '@shared/archive/tar-writer';
import type { Logger } from '../../logger';
import { sampleTtf, woffFromTtf } from './font-bytes';
import { zipBytes } from './zip-bytes';

/** The format families of issue 20, in the catalogue's first order. */
export const SEED_CATEGORIES = [
  { family: 'images', nameCn: '图片', nameEn: 'Images' },
  { family: 'audio', nameCn: '音频', nameEn: 'Audio' },
  { family: 'video', nameCn: '视频', nameEn: 'Video' },
  { family: 'documents', nameCn: '文档', nameEn: 'Documents' },
  { family: 'archives', nameCn: '压缩包', nameEn: 'Archives' },
  { family: 'ebooks', nameCn: '电子书', nameEn: 'E-books' },
  { family: 'fonts', nameCn: '字体', nameEn: 'Fonts' },
  { family: 'code', nameCn: '代码', nameEn: 'Code' },
  { family: 'data', nameCn: '数据', nameEn: 'Data' },
] as const;

export type SeedFamily = (typeof SEED_CATEGORIES)[number]['family'];

export interface SeedFile {
  family: SeedFamily;
  name: string;
  bytes: Uint8Array;
  descriptionCn: string;
  descriptionEn: string;
}

/** A fixed clock for what the files record inside them, so every seed of one version has the same bytes. */
const MADE = Date.UTC(2026, 10, 1);
const utf8 = (text: string) => new TextEncoder().encode(text);
const FFMPEG_TIMEOUT_MS = 30_000;

const PICTURE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1677ff"/><stop offset="1" stop-color="#69b1ff"/></linearGradient></defs>
  <rect width="320" height="200" fill="url(#sky)"/>
  <circle cx="250" cy="55" r="28" fill="#ffd666"/>
  <path d="M0 200 L90 95 L160 170 L215 120 L320 200 Z" fill="#237804"/>
  <rect x="24" y="24" width="96" height="40" rx="8" fill="#ffffff" fill-opacity="0.85"/>
  <rect x="36" y="38" width="72" height="12" rx="6" fill="#1677ff"/>
</svg>
`;

async function images(): Promise<SeedFile[]> {
  const svg = Buffer.from(PICTURE_SVG);
  const picture = () => sharp(svg);
  const png = await picture().png().toBuffer();
  const describe = (name: string, cn: string, en: string, bytes: Uint8Array): SeedFile => ({
    family: 'images',
    name,
    bytes,
    descriptionCn: `320×200 的风景图（${cn}）。`,
    descriptionEn: `A 320×200 landscape picture (${en}).`,
  });
  return [
    describe('sample.png', 'PNG，无损', 'PNG, lossless', png),
    describe('sample.jpg', 'JPEG，质量 80', 'JPEG, quality 80', await picture().jpeg({ quality: 80 }).toBuffer()),
    describe('sample.webp', 'WebP，质量 80', 'WebP, quality 80', await picture().webp({ quality: 80 }).toBuffer()),
    describe('sample.gif', 'GIF，256 色', 'GIF, 256 colours', await picture().gif().toBuffer()),
    describe('sample.avif', 'AVIF', 'AVIF', await picture().avif({ quality: 50, effort: 0 }).toBuffer()),
    describe('sample.svg', 'SVG 矢量图，同一张画的源文件', 'SVG vector source of the same picture', svg),
  ];
}

/** One second of a 440 Hz tone as 16-bit mono PCM WAV, written here: needs no encoder. */
export function toneWav(seconds = 1, rate = 22_050): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'ascii');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    // Faded in and out over 10 ms so the tone starts and stops without a click.
    const fade = Math.min(1, index / (rate / 100), (samples - index) / (rate / 100));
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / rate) * 12_000 * fade), 44 + index * 2);
  }
  return wav;
}

function runFfmpeg(args: string[], signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...args], { stdio: 'ignore', signal });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

const TONE = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1:sample_rate=44100'];
const PATTERN = ['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=15:duration=2'];
const STRIP = ['-map_metadata', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact', '-flags:a', '+bitexact'];

/** ffmpeg's encodes, each skipped quietly when ffmpeg or its encoder is missing. */
const MEDIA: readonly { family: SeedFamily; name: string; args: string[]; cn: string; en: string }[] = [
  { family: 'audio', name: 'sample.mp3', args: [...TONE, '-c:a', 'libmp3lame', '-b:a', '64k'], cn: 'MP3，64 kbps', en: 'MP3, 64 kbps' },
  { family: 'audio', name: 'sample.ogg', args: [...TONE, '-c:a', 'libvorbis', '-q:a', '2'], cn: 'Ogg Vorbis', en: 'Ogg Vorbis' },
  { family: 'audio', name: 'sample.opus', args: [...TONE, '-c:a', 'libopus', '-b:a', '32k'], cn: 'Opus，32 kbps', en: 'Opus, 32 kbps' },
  { family: 'audio', name: 'sample.flac', args: [...TONE, '-c:a', 'flac'], cn: 'FLAC，无损', en: 'FLAC, lossless' },
  {
    family: 'audio',
    name: 'sample.m4a',
    args: [...TONE, '-c:a', 'aac', '-b:a', '64k'],
    cn: 'AAC（M4A），64 kbps',
    en: 'AAC in M4A, 64 kbps',
  },
  {
    family: 'video',
    name: 'sample.mp4',
    args: [
      ...PATTERN,
      ...TONE,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-c:a',
      'aac',
      '-b:a',
      '48k',
      '-shortest',
      '-movflags',
      '+faststart',
    ],
    cn: 'H.264 + AAC 的 MP4',
    en: 'MP4 with H.264 and AAC',
  },
  {
    family: 'video',
    name: 'sample.webm',
    args: [...PATTERN, ...TONE, '-c:v', 'libvpx', '-deadline', 'realtime', '-b:v', '200k', '-c:a', 'libopus', '-b:a', '32k', '-shortest'],
    cn: 'VP8 + Opus 的 WebM',
    en: 'WebM with VP8 and Opus',
  },
];

async function media(logger: Logger): Promise<SeedFile[]> {
  const folder = await mkdtemp(join(tmpdir(), 'baibao-samples-'));
  const made: SeedFile[] = [];
  try {
    for (const item of MEDIA) {
      const out = join(folder, item.name);
      const ok = await runFfmpeg([...item.args, ...STRIP, out], AbortSignal.timeout(FFMPEG_TIMEOUT_MS));
      if (!ok) {
        logger.info({ sample: item.name }, 'sample skipped: ffmpeg or its encoder is not available');
        continue;
      }
      const seconds = item.family === 'audio' ? '1 秒 440 Hz 正弦音' : '2 秒 320×180 测试图案加 1 秒提示音';
      const secondsEn =
        item.family === 'audio' ? 'One second of a 440 Hz tone' : 'Two seconds of a 320×180 test pattern with a one-second tone';
      made.push({
        family: item.family,
        name: item.name,
        bytes: await readFile(out),
        descriptionCn: `${seconds}（${item.cn}），由 ffmpeg 生成。`,
        descriptionEn: `${secondsEn} (${item.en}), made with ffmpeg.`,
      });
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return made;
}

const TEXT_CN = '百宝箱示例文本：免费、好用的在线工具集合。\nBaibao sample text: a collection of free utility tools.\n';

async function pdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setCreationDate(new Date(MADE));
  document.setModificationDate(new Date(MADE));
  document.setProducer('Baibao');
  document.setCreator('Baibao');
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (const number of [1, 2]) {
    const page = document.addPage([595, 842]);
    page.drawText(`Baibao sample PDF - page ${number} of 2`, { x: 60, y: 760, size: 22, font, color: rgb(0.09, 0.47, 1) });
    page.drawText('A small A4 document with text and a rectangle.', { x: 60, y: 720, size: 12, font });
    page.drawRectangle({
      x: 60,
      y: 560,
      width: 200,
      height: 120,
      color: rgb(0.85, 0.92, 1),
      borderColor: rgb(0.09, 0.47, 1),
      borderWidth: 2,
    });
  }
  return document.save({ useObjectStreams: false });
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** The smallest Word document Word opens: content types, the package relation and one body part. */
function docx(): Buffer {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const paragraph = (text: string, style?: string) =>
    `<w:p>${style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : ''}<w:r><w:t xml:space="preserve">${text}</w:t></w:r></w:p>`;
  return zipBytes(
    [
      {
        path: '[Content_Types].xml',
        bytes: utf8(
          `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`,
        ),
      },
      {
        path: '_rels/.rels',
        bytes: utf8(
          `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
        ),
      },
      {
        path: 'word/document.xml',
        bytes: utf8(
          `${XML_HEAD}<w:document xmlns:w="${W}"><w:body>${paragraph('百宝箱示例文档 Baibao sample document', 'Title')}${paragraph('这是一个最小的 Word 文档：两段文字。')}${paragraph('This is a minimal Word document: two paragraphs.')}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`,
        ),
      },
    ],
    MADE,
  );
}

async function xlsx(): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Baibao';
  workbook.created = new Date(MADE);
  workbook.modified = new Date(MADE);
  const sheet = workbook.addWorksheet('示例 Sample');
  sheet.columns = [
    { header: '城市 City', key: 'city', width: 16 },
    { header: '人口（万）Population (10k)', key: 'population', width: 26 },
    { header: '日期 Date', key: 'date', width: 14 },
  ];
  sheet.addRows([
    { city: '北京 Beijing', population: 2185, date: new Date(Date.UTC(2026, 0, 1)) },
    { city: '上海 Shanghai', population: 2487, date: new Date(Date.UTC(2026, 0, 2)) },
    { city: '广州 Guangzhou', population: 1882, date: new Date(Date.UTC(2026, 0, 3)) },
  ]);
  sheet.getRow(1).font = { bold: true };
  sheet.getCell('B5').value = { formula: 'SUM(B2:B4)', result: 6554 };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function epub(): Buffer {
  const chapter = (title: string, text: string) =>
    utf8(
      `${XML_HEAD}<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="zh-CN"><head><title>${title}</title></head><body><h1>${title}</h1><p>${text}</p></body></html>`,
    );
  return zipBytes(
    [
      { path: 'mimetype', bytes: utf8('application/epub+zip'), stored: true },
      {
        path: 'META-INF/container.xml',
        bytes: utf8(
          `${XML_HEAD}<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
        ),
      },
      {
        path: 'OEBPS/content.opf',
        bytes: utf8(
          `${XML_HEAD}<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:6f1c2a52-5b1e-4d0c-9a51-baibao000001</dc:identifier><dc:title>百宝箱示例电子书</dc:title><dc:creator>Baibao</dc:creator><dc:language>zh-CN</dc:language><meta property="dcterms:modified">2026-11-01T00:00:00Z</meta></metadata><manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="c1" href="chapter-1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="chapter-2.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>`,
        ),
      },
      {
        path: 'OEBPS/nav.xhtml',
        bytes: utf8(
          `${XML_HEAD}<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>目录</title></head><body><nav epub:type="toc"><ol><li><a href="chapter-1.xhtml">第一章</a></li><li><a href="chapter-2.xhtml">第二章</a></li></ol></nav></body></html>`,
        ),
      },
      {
        path: 'OEBPS/chapter-1.xhtml',
        bytes: chapter('第一章', '这是示例电子书的第一章。This is the first chapter of the sample e-book.'),
      },
      { path: 'OEBPS/chapter-2.xhtml', bytes: chapter('第二章', '这是第二章，也是最后一章。This is the second and last chapter.') },
    ],
    MADE,
  );
}

function tar(entries: readonly { path: string; bytes: Uint8Array }[]): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(
      tarHeader({ path: entry.path, directory: false, size: entry.bytes.length, modified: MADE }),
      entry.bytes,
      new Uint8Array(tarPadding(entry.bytes.length)),
    );
  }
  parts.push(tarEnd());
  return Buffer.concat(parts);
}

const CODE: readonly { name: string; text: string; cn: string; en: string }[] = [
  {
    name: 'sample.js',
    text: "// 百宝箱示例 Baibao sample\nexport function greet(name) {\n  return `你好，${name}!`;\n}\n\nconsole.log(greet('world'));\n",
    cn: 'JavaScript 模块',
    en: 'A JavaScript module',
  },
  {
    name: 'sample.py',
    text: '#!/usr/bin/env python3\n"""百宝箱示例 Baibao sample."""\n\n\ndef greet(name: str) -> str:\n    return f"你好，{name}!"\n\n\nif __name__ == "__main__":\n    print(greet("world"))\n',
    cn: 'Python 脚本',
    en: 'A Python script',
  },
  {
    name: 'sample.html',
    text: '<!DOCTYPE html>\n<html lang="zh-CN">\n<head>\n  <meta charset="utf-8">\n  <title>百宝箱示例</title>\n  <link rel="stylesheet" href="sample.css">\n</head>\n<body>\n  <h1>你好，世界</h1>\n  <p>Baibao sample page.</p>\n</body>\n</html>\n',
    cn: 'HTML 页面',
    en: 'An HTML page',
  },
  {
    name: 'sample.css',
    text: ':root {\n  --brand: #1677ff;\n}\n\nbody {\n  font-family: system-ui, sans-serif;\n  color: var(--brand);\n  margin: 2rem;\n}\n',
    cn: 'CSS 样式表',
    en: 'A CSS style sheet',
  },
];

const DATA: readonly { name: string; text: string; cn: string; en: string }[] = [
  {
    name: 'sample.csv',
    text: 'id,城市 city,人口 population,日期 date\n1,北京 Beijing,21850000,2026-01-01\n2,上海 Shanghai,24870000,2026-01-02\n3,"广州, Guangzhou",18820000,2026-01-03\n',
    cn: 'UTF-8 逗号分隔值，带中文和带引号的字段',
    en: 'UTF-8 comma-separated values with Chinese and a quoted field',
  },
  {
    name: 'sample.json',
    text: `${JSON.stringify({ name: '百宝箱', tools: ['hash', 'compress', 'excel'], free: true, version: 1.5, owner: null }, null, 2)}\n`,
    cn: 'JSON 对象：字符串、数组、布尔、数字和 null',
    en: 'A JSON object: strings, an array, a boolean, a number and null',
  },
  {
    name: 'sample.xml',
    text: '<?xml version="1.0" encoding="UTF-8"?>\n<tools site="百宝箱">\n  <tool id="hash">文件哈希</tool>\n  <tool id="compress">压缩解压</tool>\n</tools>\n',
    cn: 'XML 文档',
    en: 'An XML document',
  },
  {
    name: 'sample.yaml',
    text: '# 百宝箱示例 Baibao sample\nsite: 百宝箱\nlanguages:\n  - cn\n  - en\npageSize: 10\n',
    cn: 'YAML 配置',
    en: 'A YAML configuration',
  },
];

async function documentsAndMore(): Promise<SeedFile[]> {
  const readme = utf8(TEXT_CN);
  const png = await sharp(Buffer.from(PICTURE_SVG)).png().toBuffer();
  const bundle = [
    { path: 'baibao/readme.txt', bytes: readme },
    { path: 'baibao/picture.png', bytes: png },
  ];
  const tarBytes = tar(bundle);
  const file = (family: SeedFamily, name: string, bytes: Uint8Array, descriptionCn: string, descriptionEn: string): SeedFile => ({
    family,
    name,
    bytes,
    descriptionCn,
    descriptionEn,
  });
  return [
    file('documents', 'sample.pdf', await pdf(), '两页 A4 PDF，含文字和图形。', 'A two-page A4 PDF with text and a shape.'),
    file('documents', 'sample.docx', docx(), '最小的 Word 文档：标题和两段文字。', 'A minimal Word document: a title and two paragraphs.'),
    file(
      'documents',
      'sample.xlsx',
      await xlsx(),
      'Excel 工作簿：一张表，含日期、数字和求和公式。',
      'An Excel workbook: one sheet with dates, numbers and a SUM formula.',
    ),
    file('documents', 'sample.txt', readme, 'UTF-8 纯文本，中英文各一行。', 'UTF-8 plain text, one line in Chinese and one in English.'),
    file(
      'documents',
      'sample.md',
      utf8('# 百宝箱示例\n\n- **粗体** 和 *斜体*\n- [链接](https://example.com)\n\n```js\nconsole.log(1);\n```\n'),
      'Markdown：标题、列表、链接和代码块。',
      'Markdown: a heading, a list, a link and a code block.',
    ),
    file(
      'archives',
      'sample.zip',
      zipBytes(bundle, MADE),
      'ZIP（deflate）：一个文件夹里的文本和图片。',
      'ZIP (deflate): a text and a picture in a folder.',
    ),
    file('archives', 'sample.tar', tarBytes, 'TAR（ustar）：同样的文本和图片。', 'TAR (ustar): the same text and picture.'),
    file('archives', 'sample.tar.gz', gzipSync(tarBytes, { level: 9 }), 'gzip 压缩的 TAR。', 'The TAR compressed with gzip.'),
    file('ebooks', 'sample.epub', epub(), 'EPUB 3 电子书：两章和目录。', 'An EPUB 3 book: two chapters and a table of contents.'),
    ...CODE.map((item) => file('code', item.name, utf8(item.text), `${item.cn}，UTF-8。`, `${item.en}, UTF-8.`)),
    ...DATA.map((item) => file('data', item.name, utf8(item.text), `${item.cn}。`, `${item.en}.`)),
  ];
}

/**
 * The first catalogue, made here rather than copied from anywhere: pictures with sharp, containers
 * with the project's zip and tar writers, Office files written by hand (docx) and with exceljs,
 * a PDF with pdf-lib, a WAV and a TrueType font written byte by byte (the font also as WOFF), and
 * ffmpeg's audio and video when it is installed.
 */
export async function makeSeedFiles(logger: Logger): Promise<SeedFile[]> {
  const wav: SeedFile = {
    family: 'audio',
    name: 'sample.wav',
    bytes: toneWav(),
    descriptionCn: '1 秒 440 Hz 正弦音（WAV，16 位单声道 22.05 kHz）。',
    descriptionEn: 'One second of a 440 Hz tone (WAV, 16-bit mono at 22.05 kHz).',
  };
  const ttf = sampleTtf(MADE);
  const fonts: SeedFile[] = [
    {
      family: 'fonts',
      name: 'sample.ttf',
      bytes: ttf,
      descriptionCn: 'TrueType 字体“百宝箱示例字体”：空格、E F H I L T 和“口日十工王”，笔画全是直线。',
      descriptionEn: 'A TrueType font, "Baibao Sample": space, E F H I L T and 口日十工王, drawn with straight bars.',
    },
    {
      family: 'fonts',
      name: 'sample.woff',
      bytes: woffFromTtf(ttf),
      descriptionCn: '同一款字体的 WOFF 1.0 网页字体（zlib 压缩）。',
      descriptionEn: 'The same font as a WOFF 1.0 web font (zlib-compressed).',
    },
  ];
  return [...(await images()), wav, ...(await media(logger)), ...(await documentsAndMore()), ...fonts];
}
