/**
 * The text files of a favicon set: site.webmanifest, the <link> snippet, and favicon.svg.
 *
 * favicon.svg is vector for text and emoji sources (a <text> element, drawn by the viewer's fonts
 * at any size) and embeds PNGs only for an uploaded raster image.
 *
 * Dark mode (decision): favicon.svg switches between the light and the dark icon with
 * `@media (prefers-color-scheme: dark)` inside the SVG (colours for vector, two PNGs for raster). Chrome, Edge and Firefox honour
 * that media query in an SVG favicon and re-evaluate it live when the system theme changes, which
 * `<link media>` on PNG icons does not do reliably. Safari and old browsers, which ignore SVG
 * favicons, fall back to favicon.ico (light). One file and one `<link>` instead of two PNG sets.
 */
import { APPLE_TOUCH_SIZE, MASKABLE_SIZES } from './favicon-layout';

export const ICO_FILE = 'favicon.ico';
export const SVG_FILE = 'favicon.svg';
export const APPLE_TOUCH_FILE = 'apple-touch-icon.png';
export const MANIFEST_FILE = 'site.webmanifest';
export const SNIPPET_FILE = 'favicon-snippet.html';

export const pngFileName = (size: number) => `favicon-${size}x${size}.png`;
export const maskableFileName = (size: number) => `maskable-icon-${size}x${size}.png`;

/** `#rgb`/`#rrggbb` only: these strings end up inside JSON, HTML attributes and SVG. */
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export function checkColor(color: string): string {
  if (!HEX_COLOR.test(color)) throw new RangeError(`not a #rgb or #rrggbb colour: ${color}`);
  return color.toLowerCase();
}

export interface ManifestOptions {
  name: string;
  shortName: string;
  themeColor: string;
  backgroundColor: string;
}

export interface WebManifest {
  name: string;
  short_name: string;
  icons: { src: string; sizes: string; type: string; purpose: 'any' | 'maskable' }[];
  theme_color: string;
  background_color: string;
  display: 'standalone';
  start_url: string;
}

/**
 * site.webmanifest: the 192/512 icons as `any` and the maskable pair as `maskable` (never both in
 * one entry: a maskable icon shown uncropped looks shrunken).
 */
export function buildManifest(options: ManifestOptions): string {
  const manifest: WebManifest = {
    name: options.name.trim(),
    short_name: options.shortName.trim() || options.name.trim(),
    icons: [
      ...MASKABLE_SIZES.map((size) => ({
        src: `/${pngFileName(size)}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'any' as const,
      })),
      ...MASKABLE_SIZES.map((size) => ({
        src: `/${maskableFileName(size)}`,
        sizes: `${size}x${size}`,
        type: 'image/png',
        purpose: 'maskable' as const,
      })),
    ],
    theme_color: checkColor(options.themeColor),
    background_color: checkColor(options.backgroundColor),
    display: 'standalone',
    start_url: '/',
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export interface SnippetOptions {
  themeColor: string;
  /** theme-color while the system is in dark mode; omitted when there is no dark variant. */
  darkThemeColor?: string;
}

/**
 * The <head> lines for files served from the site root. favicon.ico carries `sizes="32x32"` so
 * Chromium prefers the SVG (it picks an ico declared as "any" over everything else).
 */
export function buildSnippet(options: SnippetOptions): string {
  const theme = checkColor(options.themeColor);
  const lines = [
    `<link rel="icon" href="/${ICO_FILE}" sizes="32x32">`,
    `<link rel="icon" href="/${SVG_FILE}" type="image/svg+xml">`,
    `<link rel="apple-touch-icon" href="/${APPLE_TOUCH_FILE}" sizes="${APPLE_TOUCH_SIZE}x${APPLE_TOUCH_SIZE}">`,
    `<link rel="manifest" href="/${MANIFEST_FILE}">`,
  ];
  if (options.darkThemeColor) {
    lines.push(`<meta name="theme-color" content="${theme}" media="(prefers-color-scheme: light)">`);
    lines.push(`<meta name="theme-color" content="${checkColor(options.darkThemeColor)}" media="(prefers-color-scheme: dark)">`);
  } else {
    lines.push(`<meta name="theme-color" content="${theme}">`);
  }
  return `${lines.join('\n')}\n`;
}

/** Base64 of bytes, in chunks so big payloads do not overflow the argument list of fromCharCode. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

/** Colours of one scheme of a vector icon; a null background is transparent. */
export interface VectorColors {
  background: string | null;
  foreground: string;
}

export interface VectorIconOptions {
  size: number;
  /** Corner radius of the background in px of `size`. */
  radius: number;
  text: string;
  fontFamily: string;
  bold: boolean;
  /** Font size and baseline origin in px of `size`: measured where the PNGs are painted, so the SVG matches them. */
  fontPx: number;
  x: number;
  y: number;
  light: VectorColors;
  dark?: VectorColors;
}

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const px = (value: number) => String(Math.round(value * 100) / 100);

/** favicon.svg for a text or emoji icon: a real vector icon, the text drawn by the viewer's fonts; dark colours under prefers-color-scheme: dark. */
export function buildVectorSvgFavicon(options: VectorIconOptions): string {
  const { size } = options;
  const fill = (colors: VectorColors) =>
    `.bg{fill:${colors.background === null ? 'none' : checkColor(colors.background)}}.fg{fill:${checkColor(colors.foreground)}}`;
  const style = fill(options.light) + (options.dark ? `@media (prefers-color-scheme:dark){${fill(options.dark)}}` : '');
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`,
    `<style>${style}</style>`,
    `<rect class="bg" width="${size}" height="${size}" rx="${px(options.radius)}"/>`,
    `<text class="fg" x="${px(options.x)}" y="${px(options.y)}" font-size="${px(options.fontPx)}" font-family="${xml(options.fontFamily)}"${options.bold ? ' font-weight="bold"' : ''}>${xml(options.text)}</text>`,
    '</svg>',
  ].join('\n')}\n`;
}

/** favicon.svg of an uploaded image: the light PNG, plus the dark PNG shown instead under prefers-color-scheme: dark. */
export function buildSvgFavicon(size: number, lightPng: Uint8Array, darkPng?: Uint8Array): string {
  const image = (className: string, png: Uint8Array) =>
    `<image class="${className}" width="${size}" height="${size}" href="data:image/png;base64,${toBase64(png)}"/>`;
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">`];
  if (darkPng)
    parts.push('<style>.dark{display:none}@media (prefers-color-scheme:dark){.light{display:none}.dark{display:inline}}</style>');
  parts.push(image('light', lightPng));
  if (darkPng) parts.push(image('dark', darkPng));
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
