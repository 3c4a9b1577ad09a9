/**
 * The favicon maker's pure logic: settings, what to paint at which size, and how the painted PNGs
 * become the downloadable set. Runs under Node in tests and inside the render worker.
 */
import { APPLE_TOUCH_SIZE, ICO_SIZES, MASKABLE_SIZES, PNG_SIZES, SVG_RASTER_SIZE } from '@shared/image/favicon-layout';
import {
  APPLE_TOUCH_FILE,
  ICO_FILE,
  MANIFEST_FILE,
  SNIPPET_FILE,
  SVG_FILE,
  buildManifest,
  buildSnippet,
  buildSvgFavicon,
  buildVectorSvgFavicon,
  maskableFileName,
  pngFileName,
} from '@shared/image/favicon-files';
import { iconLayout } from '@shared/image/favicon-layout';
import { writeIco } from '@shared/image/ico';

export const SOURCE_KINDS = ['image', 'text', 'emoji'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

export const FONT_KEYS = ['sans', 'serif', 'mono'] as const;
export type FontKey = (typeof FONT_KEYS)[number];

/** System font stacks that exist in workers too (web fonts would have to be loaded per worker). CJK faces first: most text icons here are Chinese. */
export const FONT_STACKS: Record<FontKey, string> = {
  sans: '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", system-ui, sans-serif',
  serif: '"Songti SC", "SimSun", "Noto Serif CJK SC", serif',
  mono: 'ui-monospace, "SF Mono", Consolas, "DejaVu Sans Mono", monospace',
};
export const EMOJI_STACK = '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", sans-serif';

export const MAX_TEXT_CHARACTERS = 3;

export interface IconSettings {
  source: SourceKind;
  text: string;
  font: FontKey;
  bold: boolean;
  textColor: string;
  emoji: string;
  background: string;
  transparent: boolean;
  /** Percent of the side left empty on each edge. */
  padding: number;
  /** Corner radius, percent of the side (50 = circle). */
  rounding: number;
  /** Padding of the maskable icons, percent; ≥ 22 keeps a square inside the safe zone. */
  maskablePadding: number;
  dark: boolean;
  darkBackground: string;
  darkTextColor: string;
  name: string;
  shortName: string;
}

export const DEFAULT_SETTINGS: IconSettings = {
  source: 'text',
  text: '百',
  font: 'sans',
  bold: true,
  textColor: '#ffffff',
  emoji: '🧰',
  background: '#1677ff',
  transparent: false,
  padding: 12,
  rounding: 22,
  maskablePadding: 22,
  dark: true,
  darkBackground: '#141414',
  darkTextColor: '#69b1ff',
  name: 'My website',
  shortName: 'My website',
};

/** User-perceived characters (an emoji with modifiers or a flag counts once). */
export function countCharacters(text: string): number {
  return [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text.trim())].length;
}

export type TextProblem = 'empty' | 'tooLong';

/** Why the text or emoji cannot be painted, or null. Text takes 1–3 characters, an emoji exactly one. */
export function textProblem(settings: IconSettings): TextProblem | null {
  if (settings.source === 'image') return null;
  const count = countCharacters(settings.source === 'text' ? settings.text : settings.emoji);
  if (count === 0) return 'empty';
  return count > (settings.source === 'text' ? MAX_TEXT_CHARACTERS : 1) ? 'tooLong' : null;
}

/** What goes in the middle of every icon. Colours are per paint spec (light and dark differ). */
export type IconContent = { kind: 'image' } | { kind: 'text'; text: string; fontFamily: string; bold: boolean };

export function iconContent(settings: IconSettings): IconContent {
  if (settings.source === 'image') return { kind: 'image' };
  if (settings.source === 'emoji') return { kind: 'text', text: settings.emoji.trim(), fontFamily: EMOJI_STACK, bold: false };
  return { kind: 'text', text: settings.text.trim(), fontFamily: FONT_STACKS[settings.font], bold: settings.bold };
}

export interface PaintSpec {
  key: string;
  size: number;
  /** Shares of the side (0–0.5). */
  padding: number;
  rounding: number;
  /** null: transparent. */
  background: string | null;
  foreground: string;
}

/** Home-screen icons must be opaque (iOS shows black behind alpha); white stands in for "transparent". */
const OPAQUE_FALLBACK = '#ffffff';

export const paintKey = {
  png: (size: number) => `png-${size}`,
  dark: (size: number) => `dark-${size}`,
  maskable: (size: number) => `maskable-${size}`,
  apple: 'apple',
} as const;

/** Sizes of the dark variant: the tab preview (16, 32) and the raster inside favicon.svg. */
const DARK_SIZES = [16, 32, SVG_RASTER_SIZE] as const;

/** Every image to paint for the current settings. */
export function paintSpecs(settings: IconSettings): PaintSpec[] {
  const padding = settings.padding / 100;
  const rounding = settings.rounding / 100;
  const background = settings.transparent ? null : settings.background;
  const opaque = background ?? OPAQUE_FALLBACK;
  const sizes = [...new Set<number>([...PNG_SIZES, SVG_RASTER_SIZE])];
  const specs: PaintSpec[] = sizes.map((size) => ({
    key: paintKey.png(size),
    size,
    padding,
    rounding,
    background,
    foreground: settings.textColor,
  }));
  // iOS rounds home-screen icons itself, and launchers crop maskable ones: both stay square and full-bleed.
  specs.push({ key: paintKey.apple, size: APPLE_TOUCH_SIZE, padding, rounding: 0, background: opaque, foreground: settings.textColor });
  for (const size of MASKABLE_SIZES)
    specs.push({
      key: paintKey.maskable(size),
      size,
      padding: settings.maskablePadding / 100,
      rounding: 0,
      background: opaque,
      foreground: settings.textColor,
    });
  if (settings.dark) {
    const darkBackground = settings.transparent ? null : settings.darkBackground;
    for (const size of DARK_SIZES)
      specs.push({ key: paintKey.dark(size), size, padding, rounding, background: darkBackground, foreground: settings.darkTextColor });
  }
  return specs;
}

export interface OutputFile {
  name: string;
  bytes: Uint8Array;
  mime: string;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

function required(painted: Readonly<Record<string, Uint8Array>>, key: string): Uint8Array {
  const bytes = painted[key];
  if (!bytes) throw new Error(`missing painted image ${key}`);
  return bytes;
}

/** The colour browsers paint their UI in for this icon: the background, or white when transparent. */
export const themeColor = (settings: IconSettings) => (settings.transparent ? OPAQUE_FALLBACK : settings.background);

/** Font size and left-alphabetic baseline origin of an icon's text, in px of its side. */
export interface TextPlacement {
  fontPx: number;
  x: number;
  y: number;
}

/**
 * favicon.svg: vector for text and emoji (the text at `placement`, measured at SVG_RASTER_SIZE
 * like the PNGs), the painted PNGs inside an SVG only for an uploaded image.
 */
export function svgFavicon(settings: IconSettings, painted: Readonly<Record<string, Uint8Array>>, placement?: TextPlacement): string {
  const content = iconContent(settings);
  if (content.kind === 'image' || !placement) {
    return buildSvgFavicon(
      SVG_RASTER_SIZE,
      required(painted, paintKey.png(SVG_RASTER_SIZE)),
      settings.dark ? required(painted, paintKey.dark(SVG_RASTER_SIZE)) : undefined,
    );
  }
  return buildVectorSvgFavicon({
    size: SVG_RASTER_SIZE,
    radius: iconLayout(SVG_RASTER_SIZE, settings.padding / 100, settings.rounding / 100).radius,
    text: content.text,
    fontFamily: content.fontFamily,
    bold: content.bold,
    ...placement,
    light: { background: settings.transparent ? null : settings.background, foreground: settings.textColor },
    dark: settings.dark
      ? { background: settings.transparent ? null : settings.darkBackground, foreground: settings.darkTextColor }
      : undefined,
  });
}

/** The downloadable set, in the order the page lists it, from the painted PNGs (and, for text, where the text sits). */
export function assembleFiles(
  settings: IconSettings,
  painted: Readonly<Record<string, Uint8Array>>,
  placement?: TextPlacement,
): OutputFile[] {
  const png = (name: string, bytes: Uint8Array): OutputFile => ({ name, bytes, mime: 'image/png' });
  const light = themeColor(settings);
  return [
    {
      name: ICO_FILE,
      bytes: writeIco(ICO_SIZES.map((size) => ({ width: size, height: size, png: required(painted, paintKey.png(size)) }))),
      mime: 'image/x-icon',
    },
    { name: SVG_FILE, bytes: utf8(svgFavicon(settings, painted, placement)), mime: 'image/svg+xml' },
    png(APPLE_TOUCH_FILE, required(painted, paintKey.apple)),
    ...PNG_SIZES.map((size) => png(pngFileName(size), required(painted, paintKey.png(size)))),
    ...MASKABLE_SIZES.map((size) => png(maskableFileName(size), required(painted, paintKey.maskable(size)))),
    {
      name: MANIFEST_FILE,
      bytes: utf8(buildManifest({ name: settings.name, shortName: settings.shortName, themeColor: light, backgroundColor: light })),
      mime: 'application/manifest+json',
    },
    { name: SNIPPET_FILE, bytes: utf8(snippetFor(settings)), mime: 'text/html' },
  ];
}

export function snippetFor(settings: IconSettings): string {
  return buildSnippet({ themeColor: themeColor(settings), darkThemeColor: settings.dark ? settings.darkBackground : undefined });
}

/** Base name of the zip, from the app name when it is a usable file name. */
export function zipFileName(settings: IconSettings): string {
  const base = settings.shortName
    .trim()
    .replace(/[\\/:*?"<>|\s]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${base || 'favicon'}-favicons.zip`;
}
