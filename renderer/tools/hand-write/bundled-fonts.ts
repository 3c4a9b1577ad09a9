import slicing from '@fontsource/ma-shan-zheng/unicode.json';
import { indexSlices } from './font-slices';
import type { BundledFontId } from './engine-port';

/**
 * The OFL handwriting fonts shipped with the app: every woff2 slice is a hashed asset of the build
 * (no CDN), fetched only when a text needs it. The full-font files are left out of the glob, so the
 * build never carries them. All four share Google Fonts' slicing (font-slices.test.ts checks).
 */
type SliceUrls = Record<string, string>;
const glob = {
  'ma-shan-zheng': import.meta.glob<string>(
    ['../../../node_modules/@fontsource/ma-shan-zheng/files/ma-shan-zheng-*-400-normal.woff2', '!**/*-chinese-simplified-*'],
    { query: '?url', import: 'default', eager: true },
  ),
  'long-cang': import.meta.glob<string>(
    ['../../../node_modules/@fontsource/long-cang/files/long-cang-*-400-normal.woff2', '!**/*-chinese-simplified-*'],
    {
      query: '?url',
      import: 'default',
      eager: true,
    },
  ),
  'zhi-mang-xing': import.meta.glob<string>(
    ['../../../node_modules/@fontsource/zhi-mang-xing/files/zhi-mang-xing-*-400-normal.woff2', '!**/*-chinese-simplified-*'],
    { query: '?url', import: 'default', eager: true },
  ),
  'liu-jian-mao-cao': import.meta.glob<string>(
    ['../../../node_modules/@fontsource/liu-jian-mao-cao/files/liu-jian-mao-cao-*-400-normal.woff2', '!**/*-chinese-simplified-*'],
    { query: '?url', import: 'default', eager: true },
  ),
} satisfies Record<BundledFontId, SliceUrls>;

export const BUNDLED_FONT_IDS = Object.keys(glob) as BundledFontId[];

export const sliceIndex = indexSlices(slicing as Record<string, string>);

/** The asset URL of one slice ("[12]", "latin") of a bundled font; undefined if the build has none. */
export function sliceUrl(font: BundledFontId, slice: string): string | undefined {
  const file = `${font}-${slice.replace(/^\[(\d+)\]$/, '$1')}-400-normal.woff2`;
  const entry = Object.entries(glob[font]).find(([path]) => path.endsWith(`/${file}`));
  return entry?.[1];
}
