/**
 * What a drawn artboard can only approximate, shared by the SVG writer (which marks the layer's
 * group with `data-approx`) and the page (which names those layers). Small on purpose: the page
 * imports it, the writer stays in the worker.
 */

/** Why a layer looks different from Sketch: each is named to the user. */
export const APPROXIMATIONS = [
  'angularGradient',
  'noiseFill',
  'patternTile',
  'motionBlur',
  'zoomBlur',
  'backgroundBlur',
  'booleanBorder',
] as const;
export type Approximation = (typeof APPROXIMATIONS)[number];

const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);

/** The layers of a drawn board that carry `data-approx`, with their reasons, in drawing order (for the page's notice). */
export function approximatedLayers(svg: string): { name: string; reasons: Approximation[] }[] {
  const known = new Set<string>(APPROXIMATIONS);
  return [...svg.matchAll(/<g [^>]*?(?:data-name="([^"]*)" )?data-approx="([^"]*)"/g)].map((match) => ({
    name: unescapeXml(match[1] ?? ''),
    reasons: match[2]!.split(' ').filter((reason): reason is Approximation => known.has(reason)),
  }));
}
