/**
 * Photoshop's blend modes as the W3C compositing spec defines them (Photoshop's own formulas are
 * unpublished; these match it for the separable modes and come close for hue/saturation/colour/
 * luminosity). Channels are 0–1. Dissolve is random by design and the 3D-only modes have no 2D
 * meaning: those are drawn as normal and named in the page's "not rendered" notice.
 */

type Separable = (backdrop: number, source: number) => number;

const clamp01 = (value: number) => (value < 0 ? 0 : value > 1 ? 1 : value);

const multiply: Separable = (b, s) => b * s;
const screen: Separable = (b, s) => b + s - b * s;
const hardLight: Separable = (b, s) => (s <= 0.5 ? multiply(b, 2 * s) : screen(b, 2 * s - 1));
const colorDodge: Separable = (b, s) => (b === 0 ? 0 : s >= 1 ? 1 : Math.min(1, b / (1 - s)));
const colorBurn: Separable = (b, s) => (b >= 1 ? 1 : s <= 0 ? 0 : 1 - Math.min(1, (1 - b) / s));
const softLight: Separable = (b, s) => {
  if (s <= 0.5) return b - (1 - 2 * s) * b * (1 - b);
  const d = b <= 0.25 ? ((16 * b - 12) * b + 4) * b : Math.sqrt(b);
  return b + (2 * s - 1) * (d - b);
};

const SEPARABLE: Readonly<Record<string, Separable>> = {
  multiply,
  screen,
  overlay: (b, s) => hardLight(s, b),
  darken: Math.min,
  lighten: Math.max,
  'color dodge': colorDodge,
  'color burn': colorBurn,
  'hard light': hardLight,
  'soft light': softLight,
  difference: (b, s) => Math.abs(b - s),
  exclusion: (b, s) => b + s - 2 * b * s,
  'linear dodge': (b, s) => Math.min(1, b + s),
  'linear burn': (b, s) => Math.max(0, b + s - 1),
  subtract: (b, s) => Math.max(0, b - s),
  divide: (b, s) => (s === 0 ? (b === 0 ? 0 : 1) : Math.min(1, b / s)),
  'linear light': (b, s) => clamp01(b + 2 * s - 1),
  'pin light': (b, s) => (s < 0.5 ? Math.min(b, 2 * s) : Math.max(b, 2 * s - 1)),
  'vivid light': (b, s) => (s <= 0.5 ? colorBurn(b, 2 * s) : colorDodge(b, 2 * (s - 0.5))),
  'hard mix': (b, s) => (b + s >= 1 ? 1 : 0),
};

type Rgb = [number, number, number];

const lum = (c: Rgb) => 0.3 * c[0] + 0.59 * c[1] + 0.11 * c[2];

function clipColor(c: Rgb): Rgb {
  const l = lum(c);
  const n = Math.min(c[0], c[1], c[2]);
  const x = Math.max(c[0], c[1], c[2]);
  let out = c;
  if (n < 0) out = out.map((v) => l + ((v - l) * l) / (l - n)) as Rgb;
  if (x > 1) out = out.map((v) => l + ((v - l) * (1 - l)) / (x - l)) as Rgb;
  return out;
}

const setLum = (c: Rgb, l: number): Rgb => {
  const d = l - lum(c);
  return clipColor([c[0] + d, c[1] + d, c[2] + d]);
};

const sat = (c: Rgb) => Math.max(c[0], c[1], c[2]) - Math.min(c[0], c[1], c[2]);

function setSat(c: Rgb, s: number): Rgb {
  const max = Math.max(c[0], c[1], c[2]);
  const min = Math.min(c[0], c[1], c[2]);
  if (max === min) return [0, 0, 0];
  return c.map((v) => ((v - min) * s) / (max - min)) as Rgb;
}

const NON_SEPARABLE: Readonly<Record<string, (b: Rgb, s: Rgb) => Rgb>> = {
  hue: (b, s) => setLum(setSat(s, sat(b)), lum(b)),
  saturation: (b, s) => setLum(setSat(b, sat(s)), lum(b)),
  color: (b, s) => setLum(s, lum(b)),
  luminosity: (b, s) => setLum(b, lum(s)),
  'darker color': (b, s) => (s[0] + s[1] + s[2] < b[0] + b[1] + b[2] ? s : b),
  'lighter color': (b, s) => (s[0] + s[1] + s[2] > b[0] + b[1] + b[2] ? s : b),
};

/** Mixes backdrop and source colour (each 0–1 RGB) by mode; `undefined` for normal. */
export type ColorMixer = (b: Rgb, s: Rgb) => Rgb;

/** The mixer for a mode, `undefined` for normal and for the modes drawn as normal. */
export function mixerFor(mode: string): ColorMixer | undefined {
  const separable = SEPARABLE[mode];
  if (separable) return (b, s) => [separable(b[0], s[0]), separable(b[1], s[1]), separable(b[2], s[2])];
  return NON_SEPARABLE[mode];
}

/** Whether the compositor draws this mode as Photoshop does (normal and pass-through included). */
export function isRenderedBlendMode(mode: string): boolean {
  return mode === 'normal' || mode === 'pass through' || mixerFor(mode) !== undefined;
}
