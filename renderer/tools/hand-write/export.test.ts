import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { buildHandwritingPdf, toUnicodeCMap } from './pdf-export';
import { zipPages } from './zip-export';

// A 1×1 white PNG, enough for a page picture: the tests are about the containers and the text layer.
const PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64'),
);
const A5 = { width: 148, height: 210 };
const dir = mkdtempSync(join(tmpdir(), 'hand-write-export-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const has = (tool: string) => spawnSync(tool, ['-v']).error === undefined;

/** Lines as the layout gives them: 6 mm type, CJK one em wide, Latin about half. */
function pageOf(lines: string[]) {
  const width = (text: string) => Array.from(text).reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 6 : 3), 0);
  return { png: PNG, page: A5, lines: lines.map((text, i) => ({ text, x: 20, y: 30 + i * 10, size: 6, width: width(text) })) };
}

describe('PDF export', () => {
  it.skipIf(!has('pdftotext'))('has one page per picture and the written text, CJK and Latin, as text pdftotext reads', async () => {
    const bytes = await buildHandwritingPdf(
      [pageOf(['床前明月光，疑是地上霜。', 'Hello handwriting']), pageOf(['举头望明月，']), pageOf(['低头思故乡。😀'])],
      '静夜思',
    );
    const file = join(dir, 'three.pdf');
    writeFileSync(file, bytes);
    const info = spawnSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info.stdout).toMatch(/^Pages:\s+3$/m);
    expect(info.stdout).toMatch(/^Title:\s+静夜思$/m);
    const pages = [1, 2, 3].map((n) => spawnSync('pdftotext', ['-f', String(n), '-l', String(n), file, '-'], { encoding: 'utf8' }).stdout);
    expect(pages[0]).toContain('床前明月光，疑是地上霜。');
    expect(pages[0]).toContain('Hello handwriting');
    expect(pages[1]).toContain('举头望明月，');
    expect(pages[2]).toContain('低头思故乡。😀');
    expect(pages[0]).not.toContain('举头');
  });

  it.skipIf(!has('pdftoppm'))('draws nothing of the text layer: the rendered page is the picture alone', async () => {
    const file = join(dir, 'invisible.pdf');
    writeFileSync(file, await buildHandwritingPdf([pageOf(['墨迹不应出现 ink must not show', '一二三四五六七八九十'])]));
    const ppm = spawnSync('pdftoppm', ['-r', '20', '-gray', '-singlefile', file], { encoding: 'buffer' }).stdout;
    // A binary PGM: header "P5\n<w> <h>\n255\n", then one byte per pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 30).toString('latin1'))!;
    const pixels = ppm.subarray(header[0].length);
    expect(pixels.length).toBe(Number(header[1]) * Number(header[2]));
    expect(Math.min(...pixels)).toBeGreaterThan(250);
  });

  it('keeps a page without text a picture-only page', async () => {
    const bytes = await buildHandwritingPdf([{ png: PNG, page: A5, lines: [] }]);
    expect(new TextDecoder('latin1').decode(bytes)).not.toContain('GlyphLessFont');
  });

  it('maps every code to its character in blocks of at most 100', () => {
    const codes = new Map(Array.from({ length: 150 }, (_, i) => [String.fromCodePoint(0x4e00 + i), i + 1] as const));
    codes.set('😀', 151);
    const cmap = toUnicodeCMap(codes);
    expect(cmap).toContain('100 beginbfchar');
    expect(cmap).toContain('51 beginbfchar');
    expect(cmap).toContain('<0001> <4E00>');
    expect(cmap).toContain('<0097> <D83DDE00>');
  });
});

describe('zip export', () => {
  it('stores one PNG per page in page order, readable by fflate and by unzip', () => {
    const zip = zipPages([PNG, PNG, PNG], '手写');
    const entries = unzipSync(zip);
    expect(Object.keys(entries)).toEqual(['手写-01.png', '手写-02.png', '手写-03.png']);
    expect(entries['手写-02.png']).toEqual(PNG);
    if (!has('unzip')) return;
    const file = join(dir, 'pages.zip');
    writeFileSync(file, zip);
    const test = spawnSync('unzip', ['-t', file], { encoding: 'utf8' });
    expect(test.status).toBe(0);
    expect(readFileSync(file).length).toBe(zip.length);
  });
});
