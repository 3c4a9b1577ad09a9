import i18n, { LANGUAGES } from '@/i18n';
import type { Language } from '@/i18n';
import { resources } from '@/i18n/resources';
import { tools } from '@/tools/registry';
import type { ToolDefinition, ToolSearchWords } from '@/tools/types';

/** Each tool's namespace as the first chunk has it: only `meta`'s title and description. */
export function toolMetaNamespaces(language: Language): Record<string, { meta: ToolDefinition['texts'][Language] }> {
  return Object.fromEntries(tools.map((tool) => [tool.id, { meta: tool.texts[language] }]));
}

type Keywords = ToolSearchWords['keywords'];
/** Each tool's keywords once its page (or the build) has loaded them, by tool id. */
const loadedKeywords = new Map<string, Keywords>();

/**
 * What the head reads (head.ts, through seo-routes.ts): the eager texts with each tool's keywords
 * where they are loaded, empty where not. The router loads a page's texts, keywords included, before
 * it opens the page, so the head of the page shown always has its own.
 */
export function headResources() {
  const withKeywords = (language: Language) =>
    Object.fromEntries(
      tools.map((tool) => [tool.id, { meta: { ...tool.texts[language], keywords: loadedKeywords.get(tool.id)?.[language] ?? '' } }]),
    );
  return { cn: { ...resources.cn, ...withKeywords('cn') }, en: { ...resources.en, ...withKeywords('en') } };
}

/** Every tool's keywords loaded, for the build's seo.json (scripts/build-seo.ts), which names them all. */
export async function seoResources(): Promise<ReturnType<typeof headResources>> {
  const words = await Promise.all(tools.map((tool) => tool.search()));
  tools.forEach((tool, index) => loadedKeywords.set(tool.id, words[index]!.searchWords.keywords));
  return headResources();
}

/** Menus, cards, search and `t('<tool>:meta.title')` work from the start; called once before the first render. */
export function addToolMeta(): void {
  for (const language of LANGUAGES) {
    for (const [namespace, texts] of Object.entries(toolMetaNamespaces(language)))
      i18n.addResourceBundle(language, namespace, texts, true, false);
  }
}

const loading = new Map<string, Promise<void>>();

/**
 * Adds the tool's whole namespace in both languages (a language switch keeps the page, so both must
 * be there), its keywords (search.ts) as `meta.keywords` for the head. The router awaits it beside
 * the page's chunk, so the page never renders a missing key.
 */
export function loadToolTexts(tool: Pick<ToolDefinition, 'id' | 'locales' | 'search'>): Promise<void> {
  let pending = loading.get(tool.id);
  if (!pending) {
    pending = Promise.all([tool.locales(), tool.search()]).then(([locales, { searchWords }]) => {
      loadedKeywords.set(tool.id, searchWords.keywords);
      for (const language of LANGUAGES) {
        const texts = { ...locales[language], meta: { ...locales[language].meta, keywords: searchWords.keywords[language] } };
        i18n.addResourceBundle(language, tool.id, texts, true, true);
      }
    });
    // A failed load (network, stale deploy) is tried again on the next visit.
    pending.catch(() => loading.delete(tool.id));
    loading.set(tool.id, pending);
  }
  return pending;
}
