import type { BundledFontId } from './engine-port';

/**
 * The OFL handwriting fonts shipped with the app, in the order the page offers them. Light on
 * purpose (the page imports it); where their files are is font-assets.ts, the worker's side.
 */
export const BUNDLED_FONT_IDS: readonly BundledFontId[] = ['ma-shan-zheng', 'long-cang', 'zhi-mang-xing', 'liu-jian-mao-cao'];
