// Makes the committed KF8 (AZW3) and MOBI 6 fixtures in shared/books/fixtures/kf8/: a small EPUB
// (makeEpub: a Chinese title and author, a cover, three chapters in a table of contents, the search
// word 珊瑚礁 in chapter 3 only), then calibre's ebook-convert turns it into a real .azw3 and .mobi —
// nothing in the project writes KF8, and only a real converter's output shows what readers meet.
// Needs calibre (`apt-get install calibre`; not part of CI). Run: npx tsx scripts/make-kf8-fixture.ts
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { makeEpub } from '../shared/testing/books';

const folder = join(import.meta.dirname, '..', 'shared', 'books', 'fixtures', 'kf8');

/** Each chapter's own lines, then numbered filler so the text spans several 4 KB records (UTF-8 characters cut at their ends). */
const paragraphs = (lines: string[]) =>
  [...lines, ...Array.from({ length: 24 }, (_, at) => `（${at + 1}）海风吹过甲板，船身轻轻摇晃，远方的云慢慢散开。`)]
    .map((line) => `<p>${line}</p>`)
    .join('');
const chapters = [
  {
    title: '第一章 出海',
    body: `<h1>第一章 出海</h1>${paragraphs([
      '清晨的港口还笼着薄雾，老渔夫把缆绳一圈圈收进船舱。',
      '他的孙女站在码头上，望着灯塔的光一点点淡下去。',
      '“等风转向，我们就出发。”他说。海鸥在桅杆上叫个不停。',
    ])}`,
  },
  {
    title: '第二章 风暴',
    body: `<h1>第二章 风暴</h1>${paragraphs([
      '午后天色忽然暗了，浪头一个比一个高，雨点砸在甲板上。',
      '他们收起帆，把船头对准风来的方向，整整熬了一夜。',
      '天亮时风停了，四周只剩一片灰白的海。',
    ])}`,
  },
  {
    title: '第三章 归航',
    body: `<h1>第三章 归航</h1>${paragraphs([
      '第三天，他们在一片珊瑚礁旁找到了避风的海湾。',
      '孙女趴在船舷上看水下的鱼群，五颜六色，像打翻的颜料。',
      '傍晚，远处的灯塔又亮了起来，他们终于回家了。',
    ])}`,
  },
];

async function cover(): Promise<Uint8Array> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="360">
    <rect width="240" height="360" fill="#1d4e89"/><rect y="250" width="240" height="110" fill="#3a7ca5"/>
    <rect x="105" y="90" width="30" height="160" fill="#f4f1de"/><polygon points="100,90 140,90 120,60" fill="#e07a5f"/>
    <circle cx="120" cy="75" r="8" fill="#f2cc8f"/></svg>`;
  return sharp(Buffer.from(svg)).png({ palette: true, colours: 16 }).toBuffer();
}

const epub = makeEpub({
  title: '灯塔看守人',
  creators: ['林海'],
  identifier: 'urn:uuid:6b1f3f0e-baibao-kf8-fixture',
  language: 'zh',
  description: '一个关于海与灯塔的小故事。',
  chapters,
  cover: await cover(),
});
const source = join(folder, 'source.epub');
writeFileSync(source, epub);
for (const [name, options] of [
  ['book.azw3', []],
  ['book.mobi', ['--mobi-file-type', 'old']],
] as const) {
  execFileSync('ebook-convert', [source, join(folder, name), ...options], { stdio: 'inherit' });
}
