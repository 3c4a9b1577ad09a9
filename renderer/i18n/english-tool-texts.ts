import type { ToolTexts } from '@/tools/types';

/**
 * The tools' English titles and descriptions, apart from the first chunk (scripts/tool-texts-plugin.ts):
 * a Chinese visitor's home page never loads them. Before they are loaded a tool's `texts.en` is its
 * Chinese texts, never a key; the router loads them before an English page opens, so none is shown.
 */
let english: Readonly<Record<string, ToolTexts>> | undefined;
let loading: Promise<void> | undefined;

/** A tool's English texts once loaded, by its folder name; its Chinese ones until then. */
export function englishToolTexts(folder: string, cn: ToolTexts): ToolTexts {
  return english?.[folder] ?? cn;
}

export function loadEnglishToolTexts(): Promise<void> {
  loading ??= import('virtual:english-tool-texts').then(
    (module) => {
      english = module.default;
    },
    (error: unknown) => {
      // Tried again by the next navigation (offline, a stale deploy).
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
