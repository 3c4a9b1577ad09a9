import type { ChineseMode } from './chain-schema';

/**
 * Simplified ↔ traditional conversion with opencc-js, loaded on first use: its
 * simplified → traditional phrase dictionary alone is ~1 MB, so neither the page nor the worker
 * carries it until a chain really converts, and a traditional → simplified chain loads only the
 * small reverse preset.
 */

type Locale = 'cn' | 't' | 'tw' | 'twp' | 'hk';

/** Each mode as opencc-js `from`/`to` locales (its OpenCC config in the comment). */
const LOCALES: Record<ChineseMode, { from: Locale; to: Locale }> = {
  s2t: { from: 'cn', to: 't' }, // s2t: OpenCC's standard traditional characters
  s2tw: { from: 'cn', to: 'tw' }, // s2tw: Taiwan glyph variants
  s2twp: { from: 'cn', to: 'twp' }, // s2twp: Taiwan variants and vocabulary (软件 → 軟體)
  s2hk: { from: 'cn', to: 'hk' }, // s2hk: Hong Kong glyph variants
  t2s: { from: 't', to: 'cn' }, // t2s
  tw2sp: { from: 'twp', to: 'cn' }, // tw2sp: Taiwan vocabulary back to mainland words
  hk2s: { from: 'hk', to: 'cn' }, // hk2s
};

export type ChineseConverter = (text: string) => string;

const loaded = new Map<ChineseMode, Promise<ChineseConverter>>();

async function build(mode: ChineseMode): Promise<ChineseConverter> {
  const { from, to } = LOCALES[mode];
  const [{ ConverterBuilder }, preset] = await Promise.all([
    import('opencc-js/core'),
    from === 'cn' ? import('opencc-js/preset/cn2t') : import('opencc-js/preset/t2cn'),
  ]);
  return ConverterBuilder(preset)({ from, to });
}

/** The converter for `mode`, built once per mode (its dictionary tries are reused). */
export function loadChineseConverter(mode: ChineseMode): Promise<ChineseConverter> {
  let converter = loaded.get(mode);
  if (!converter) {
    converter = build(mode);
    // A failed chunk load (offline) must not poison the cache: the next run tries again.
    converter.catch(() => loaded.delete(mode));
    loaded.set(mode, converter);
  }
  return converter;
}
