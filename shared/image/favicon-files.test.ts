import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  buildManifest,
  buildSnippet,
  buildSvgFavicon,
  buildVectorSvgFavicon,
  checkColor,
  maskableFileName,
  pngFileName,
  toBase64,
} from './favicon-files';
import type { WebManifest } from './favicon-files';

describe('buildManifest', () => {
  it('is valid JSON with any + maskable icons and the colours', () => {
    const manifest = JSON.parse(
      buildManifest({ name: ' 百宝箱 ', shortName: '', themeColor: '#1677FF', backgroundColor: '#fff' }),
    ) as WebManifest;
    expect(manifest.name).toBe('百宝箱');
    expect(manifest.short_name).toBe('百宝箱');
    expect(manifest.theme_color).toBe('#1677ff');
    expect(manifest.background_color).toBe('#fff');
    expect(manifest.icons).toEqual([
      { src: '/favicon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/favicon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/maskable-icon-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ]);
  });

  it('escapes names through JSON and refuses colours that are not hex', () => {
    const manifest = JSON.parse(
      buildManifest({ name: 'a "quoted" \\ name', shortName: 'q', themeColor: '#000', backgroundColor: '#000' }),
    ) as WebManifest;
    expect(manifest.name).toBe('a "quoted" \\ name');
    expect(() => buildManifest({ name: 'x', shortName: 'x', themeColor: 'red"><script>', backgroundColor: '#000' })).toThrow(RangeError);
  });
});

describe('buildSnippet', () => {
  it('links the ico, svg, apple-touch icon and manifest; one theme-color without dark mode', () => {
    const snippet = buildSnippet({ themeColor: '#ffffff' });
    expect(snippet).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
    expect(snippet).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(snippet).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">');
    expect(snippet).toContain('<link rel="manifest" href="/site.webmanifest">');
    expect(snippet.match(/theme-color/g)).toHaveLength(1);
  });

  it('adds light/dark theme-color lines when there is a dark variant', () => {
    const snippet = buildSnippet({ themeColor: '#ffffff', darkThemeColor: '#111111' });
    expect(snippet).toContain('content="#111111" media="(prefers-color-scheme: dark)"');
    expect(snippet).toContain('content="#ffffff" media="(prefers-color-scheme: light)"');
  });
});

describe('buildSvgFavicon', () => {
  const light = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
  const dark = new Uint8Array([137, 80, 78, 71, 9, 9, 9]);

  it('embeds the light PNG only when there is no dark variant', () => {
    const svg = buildSvgFavicon(128, light);
    expect(svg).toContain(`data:image/png;base64,${Buffer.from(light).toString('base64')}`);
    expect(svg).not.toContain('prefers-color-scheme');
  });

  it('switches to the dark PNG under prefers-color-scheme: dark', () => {
    const svg = buildSvgFavicon(128, light, dark);
    expect(svg).toContain('@media (prefers-color-scheme:dark){.light{display:none}.dark{display:inline}}');
    expect(svg).toContain(`class="dark" width="128" height="128" href="data:image/png;base64,${Buffer.from(dark).toString('base64')}"`);
  });
});

describe('buildVectorSvgFavicon', () => {
  const text = {
    size: 128,
    radius: 28.16,
    text: 'A<&>"',
    fontFamily: '"Noto Sans CJK SC", sans-serif',
    bold: true,
    fontPx: 120.456,
    x: 14.2,
    y: 110.8,
  };

  it('draws the text as text, escaped, at the measured size and place: no picture inside', async () => {
    const svg = buildVectorSvgFavicon({ ...text, light: { background: '#1677FF', foreground: '#fff' } });
    expect(svg).toContain(
      '<text class="fg" x="14.2" y="110.8" font-size="120.46" font-family="&quot;Noto Sans CJK SC&quot;, sans-serif" font-weight="bold">A&lt;&amp;&gt;&quot;</text>',
    );
    expect(svg).toContain('<rect class="bg" width="128" height="128" rx="28.16"/>');
    expect(svg).toContain('.bg{fill:#1677ff}.fg{fill:#fff}');
    expect(svg).not.toContain('<image');
    expect(svg).not.toContain('prefers-color-scheme');
    // A real SVG renderer reads it at its size.
    expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ format: 'svg', width: 128, height: 128 });
  });

  it('switches colours under prefers-color-scheme: dark; a transparent background is no fill', () => {
    const svg = buildVectorSvgFavicon({
      ...text,
      bold: false,
      light: { background: null, foreground: '#000000' },
      dark: { background: '#141414', foreground: '#69b1ff' },
    });
    expect(svg).toContain('.bg{fill:none}.fg{fill:#000000}@media (prefers-color-scheme:dark){.bg{fill:#141414}.fg{fill:#69b1ff}}');
    expect(svg).not.toContain('font-weight');
    expect(() => buildVectorSvgFavicon({ ...text, light: { background: 'red}</style><script>', foreground: '#000' } })).toThrow(RangeError);
  });
});

describe('helpers', () => {
  it('names files as the snippet and manifest expect', () => {
    expect(pngFileName(32)).toBe('favicon-32x32.png');
    expect(maskableFileName(512)).toBe('maskable-icon-512x512.png');
  });

  it('encodes base64 like Node, also past one chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, index) => (index * 7) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
  });

  it('accepts #rgb and #rrggbb only', () => {
    expect(checkColor('#ABC')).toBe('#abc');
    expect(() => checkColor('#abcd')).toThrow(RangeError);
    expect(() => checkColor('transparent')).toThrow(RangeError);
  });
});
