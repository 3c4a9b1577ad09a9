import i18n, { FALLBACK_LANGUAGE, LANGUAGES } from '@/i18n';
import type { Language } from '@/i18n';
import { englishShellTexts, loadEnglishShellTexts } from '@/i18n/english-shell-texts';
import { loadEnglishToolTexts } from '@/i18n/english-tool-texts';
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
  // Before the English shell texts are loaded (only an English page needs them) the Chinese stand in.
  const en = { common: englishShellTexts() ?? resources.cn.common };
  return { cn: { ...resources.cn, ...withKeywords('cn') }, en: { ...en, ...withKeywords('en') } };
}

/** Every tool's keywords loaded, for the build's seo.json (scripts/build-seo.ts), which names them all. */
export async function seoResources(): Promise<ReturnType<typeof headResources>> {
  const [words] = await Promise.all([Promise.all(tools.map((tool) => tool.search())), loadEnglishShellTexts()]);
  tools.forEach((tool, index) => loadedKeywords.set(tool.id, words[index]!.searchWords.keywords));
  return headResources();
}

function addMeta(language: Language): void {
  for (const [namespace, texts] of Object.entries(toolMetaNamespaces(language)))
    i18n.addResourceBundle(language, namespace, texts, true, false);
}

/**
 * Menus, cards, search and `t('<tool>:meta.title')` work from the start in Chinese; called once
 * before the first render. The English texts are not in the first chunk: `loadLanguageTexts('en')`.
 */
export function addToolMeta(): void {
  addMeta(FALLBACK_LANGUAGE);
}

const languageLoads = new Map<Language, Promise<void>>();

/**
 * The shell's texts and the tools' titles and descriptions in a language the first chunk lacks (English, its own chunks):
 * the router awaits it before a page in that language opens, the search before it builds its index.
 */
export function loadLanguageTexts(language: Language): Promise<void> {
  if (language === FALLBACK_LANGUAGE) return Promise.resolve();
  let pending = languageLoads.get(language);
  if (!pending) {
    pending = Promise.all([loadEnglishToolTexts(), loadEnglishShellTexts()]).then(() => addMeta(language));
    pending.catch(() => languageLoads.delete(language));
    languageLoads.set(language, pending);
  }
  return pending;
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
