import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MASKABLE_SIZES, PNG_SIZES, SVG_RASTER_SIZE } from '@shared/image/favicon-layout';
import { readIco } from '@shared/image/ico';
import {
  DEFAULT_SETTINGS,
  EMOJI_STACK,
  FONT_STACKS,
  assembleFiles,
  countCharacters,
  iconContent,
  paintSpecs,
  snippetFor,
  svgFavicon,
  textProblem,
  zipFileName,
} from './icon-marker.service';
import type { IconSettings, PaintSpec } from './icon-marker.service';

const settings = (patch: Partial<IconSettings> = {}): IconSettings => ({ ...DEFAULT_SETTINGS, ...patch });
const byKey = (specs: PaintSpec[]) => Object.fromEntries(specs.map((spec) => [spec.key, spec]));

/** Stands in for the worker's painting: a real PNG of each spec's size and background. */
async function paintAll(specs: PaintSpec[]): Promise<Record<string, Uint8Array>> {
  const entries = await Promise.all(
    specs.map(async (spec) => {
      const png = await sharp({ create: { width: spec.size, height: spec.size, channels: 4, background: spec.background ?? '#00000000' } })
        .png()
        .toBuffer();
      return [spec.key, new Uint8Array(png)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('text checks', () => {
  it('counts user-perceived characters, so a family emoji or a flag is one', () => {
    expect(countCharacters('百宝箱')).toBe(3);
    expect(countCharacters(' AB ')).toBe(2);
    expect(countCharacters('👨‍👩‍👧')).toBe(1);
    expect(countCharacters('🇨🇳')).toBe(1);
  });

  it('takes 1–3 characters of text and exactly one emoji', () => {
    expect(textProblem(settings({ source: 'text', text: '百宝箱' }))).toBeNull();
    expect(textProblem(settings({ source: 'text', text: '  ' }))).toBe('empty');
    expect(textProblem(settings({ source: 'text', text: 'ABCD' }))).toBe('tooLong');
    expect(textProblem(settings({ source: 'emoji', emoji: '🚀' }))).toBeNull();
    expect(textProblem(settings({ source: 'emoji', emoji: '🚀🚀' }))).toBe('tooLong');
    expect(textProblem(settings({ source: 'image', text: '' }))).toBeNull();
  });

  it('paints emoji with the emoji fonts and text with the chosen font', () => {
    expect(iconContent(settings({ source: 'emoji', emoji: ' 🚀 ' }))).toEqual({
      kind: 'text',
      text: '🚀',
      fontFamily: EMOJI_STACK,
      bold: false,
    });
    expect(iconContent(settings({ source: 'text', text: 'A', font: 'serif', bold: true }))).toEqual({
      kind: 'text',
      text: 'A',
      fontFamily: FONT_STACKS.serif,
      bold: true,
    });
    expect(iconContent(settings({ source: 'image' }))).toEqual({ kind: 'image' });
  });
});

describe('paintSpecs', () => {
  it('paints every PNG size, the apple icon, both maskables and the dark set', () => {
    const specs = byKey(paintSpecs(settings({ dark: true })));
    for (const size of [...PNG_SIZES, SVG_RASTER_SIZE]) expect(specs[`png-${size}`]?.size).toBe(size);
    expect(specs.apple?.size).toBe(180);
    for (const size of MASKABLE_SIZES) expect(specs[`maskable-${size}`]?.size).toBe(size);
    expect(Object.keys(specs).filter((key) => key.startsWith('dark-'))).toEqual(['dark-16', 'dark-32', `dark-${SVG_RASTER_SIZE}`]);
    expect(paintSpecs(settings({ dark: false })).some((spec) => spec.key.startsWith('dark-'))).toBe(false);
  });

  it('keeps home-screen icons opaque and square, with the maskable padding of their own', () => {
    const specs = byKey(paintSpecs(settings({ transparent: true, padding: 5, rounding: 30, maskablePadding: 25 })));
    expect(specs['png-32']).toMatchObject({ background: null, padding: 0.05, rounding: 0.3 });
    expect(specs.apple).toMatchObject({ background: '#ffffff', rounding: 0, padding: 0.05 });
    expect(specs['maskable-512']).toMatchObject({ background: '#ffffff', rounding: 0, padding: 0.25 });
  });

  it('uses the dark colours for the dark variant', () => {
    const specs = byKey(paintSpecs(settings({ darkBackground: '#101010', darkTextColor: '#abcdef', background: '#ff0000' })));
    expect(specs['dark-32']).toMatchObject({ background: '#101010', foreground: '#abcdef' });
    expect(specs['png-32']).toMatchObject({ background: '#ff0000', foreground: DEFAULT_SETTINGS.textColor });
  });
});

describe('assembleFiles', () => {
  it('packs a valid multi-size ICO, every PNG, the SVG, manifest and snippet', async () => {
    const current = settings({ dark: true });
    const files = assembleFiles(current, await paintAll(paintSpecs(current)));
    const names = files.map((file) => file.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'favicon.ico',
        'favicon.svg',
        'apple-touch-icon.png',
        'site.webmanifest',
        'favicon-snippet.html',
        'maskable-icon-192x192.png',
        'maskable-icon-512x512.png',
        ...PNG_SIZES.map((size) => `favicon-${size}x${size}.png`),
      ]),
    );
    expect(new Set(names).size).toBe(names.length);

    const ico = readIco(files.find((file) => file.name === 'favicon.ico')!.bytes);
    expect(ico.map((entry) => entry.width)).toEqual([16, 32, 48]);
    for (const entry of ico) expect((await sharp(entry.png).metadata()).width).toBe(entry.width);

    for (const file of files.filter((candidate) => candidate.mime === 'image/png')) {
      const expected = Number(/(\d+)x\d+/.exec(file.name)?.[1] ?? 180);
      expect((await sharp(file.bytes).metadata()).width, file.name).toBe(expected);
    }
    const svg = new TextDecoder().decode(files.find((file) => file.name === 'favicon.svg')!.bytes);
    expect(svg.match(/<image /g)).toHaveLength(2);
    const manifest = JSON.parse(new TextDecoder().decode(files.find((file) => file.name === 'site.webmanifest')!.bytes)) as {
      name: string;
      theme_color: string;
    };
    expect(manifest).toMatchObject({ name: current.name, theme_color: current.background });
  });

  it('writes favicon.svg as vector text for text and emoji sources, as the painted PNGs for an image', async () => {
    const placement = { fontPx: 90, x: 20, y: 100 };
    const text = settings({ source: 'text', text: '百宝', dark: true });
    const painted = await paintAll(paintSpecs(text));
    const vector = svgFavicon(text, painted, placement);
    expect(vector).toContain('>百宝</text>');
    expect(vector).toContain(`font-family="${FONT_STACKS.sans.replace(/"/g, '&quot;')}"`);
    expect(vector).toContain('@media (prefers-color-scheme:dark){.bg{fill:#141414}.fg{fill:#69b1ff}}');
    expect(vector).not.toContain('<image');
    const emoji = svgFavicon(settings({ source: 'emoji', emoji: ' 🚀 ', dark: false }), painted, placement);
    expect(emoji).toContain('>🚀</text>');
    expect(emoji).not.toContain('<image');
    const file = assembleFiles(text, painted, placement).find((candidate) => candidate.name === 'favicon.svg')!;
    expect(new TextDecoder().decode(file.bytes)).toBe(vector);
    expect(svgFavicon(settings({ source: 'image' }), painted, placement)).toContain('data:image/png;base64,');
  });

  it('fails loudly when a painting is missing instead of shipping a broken set', () => {
    expect(() => assembleFiles(settings(), {})).toThrow(/missing painted image/);
  });
});

describe('names and snippet', () => {
  it('makes a safe zip name from the short name', () => {
    expect(zipFileName(settings({ shortName: 'My App/2' }))).toBe('My-App-2-favicons.zip');
    expect(zipFileName(settings({ shortName: '  ' }))).toBe('favicon-favicons.zip');
  });

  it('adds dark theme-color only with the dark variant; white stands in for transparent', () => {
    expect(snippetFor(settings({ dark: false, transparent: true }))).toContain('<meta name="theme-color" content="#ffffff">');
    expect(snippetFor(settings({ dark: true, darkBackground: '#000000' }))).toContain(
      'content="#000000" media="(prefers-color-scheme: dark)"',
    );
  });
});
