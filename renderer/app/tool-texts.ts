import i18n, { LANGUAGES } from '@/i18n';
import type { Language } from '@/i18n';
import { resources } from '@/i18n/resources';
import { tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';

/** Each tool's namespace as the first chunk has it: only `meta` (title, description, keywords). */
export function toolMetaNamespaces(language: Language): Record<string, { meta: ToolDefinition['texts'][Language] }> {
  return Object.fromEntries(tools.map((tool) => [tool.id, { meta: tool.texts[language] }]));
}

/** The texts available before any tool page loads: for the head (head.ts) and the build's seo.json. */
export const eagerResources = {
  cn: { ...resources.cn, ...toolMetaNamespaces('cn') },
  en: { ...resources.en, ...toolMetaNamespaces('en') },
};

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
 * be there). The router awaits it beside the page's chunk, so the page never renders a missing key.
 */
export function loadToolTexts(tool: Pick<ToolDefinition, 'id' | 'locales'>): Promise<void> {
  let pending = loading.get(tool.id);
  if (!pending) {
    pending = tool.locales().then((locales) => {
      for (const language of LANGUAGES) i18n.addResourceBundle(language, tool.id, locales[language], true, true);
    });
    // A failed load (network, stale deploy) is tried again on the next visit.
    pending.catch(() => loading.delete(tool.id));
    loading.set(tool.id, pending);
  }
  return pending;
}
