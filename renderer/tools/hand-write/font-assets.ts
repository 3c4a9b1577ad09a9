import slicing from '@fontsource/ma-shan-zheng/unicode.json';
import { indexSlices } from './font-slices';
import type { BundledFontId } from './engine-port';

/**
 * Where the bundled fonts' slices are (the worker's side: the slice map and ~370 URLs stay out of
 * the page's chunk). Every woff2 slice is a hashed asset of the build (no CDN), fetched only when a
 * text needs it; the glob takes the numbered slices and latin, never the 2–5 MB whole-font files.
 * All four share Google Fonts' slicing (font-slices.test.ts checks).
 */
type SliceUrls = Record<string, string>;
const glob = {
  'ma-shan-zheng': import.meta.glob<string>(
    '../../../node_modules/@fontsource/ma-shan-zheng/files/ma-shan-zheng-{[0-9]*,latin}-400-normal.woff2',
    { query: '?url', import: 'default', eager: true },
  ),
  'long-cang': import.meta.glob<string>('../../../node_modules/@fontsource/long-cang/files/long-cang-{[0-9]*,latin}-400-normal.woff2', {
    query: '?url',
    import: 'default',
    eager: true,
  }),
  'zhi-mang-xing': import.meta.glob<string>(
    '../../../node_modules/@fontsource/zhi-mang-xing/files/zhi-mang-xing-{[0-9]*,latin}-400-normal.woff2',
    { query: '?url', import: 'default', eager: true },
  ),
  'liu-jian-mao-cao': import.meta.glob<string>(
    '../../../node_modules/@fontsource/liu-jian-mao-cao/files/liu-jian-mao-cao-{[0-9]*,latin}-400-normal.woff2',
    { query: '?url', import: 'default', eager: true },
  ),
} satisfies Record<BundledFontId, SliceUrls>;

export const sliceIndex = indexSlices(slicing as Record<string, string>);

/** The asset URL of one slice ("[12]", "latin") of a bundled font; undefined if the build has none. */
export function sliceUrl(font: BundledFontId, slice: string): string | undefined {
  const file = `${font}-${slice.replace(/^\[(\d+)\]$/, '$1')}-400-normal.woff2`;
  const entry = Object.entries(glob[font]).find(([path]) => path.endsWith(`/${file}`));
  return entry?.[1];
}
