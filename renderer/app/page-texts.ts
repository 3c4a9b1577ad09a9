import i18n, { LANGUAGES } from '@/i18n';
import type { Language } from '@/i18n';

/**
 * The account and back-office namespaces are no part of the first load: like a tool's texts, each
 * loads with the first page that needs it, in both languages (a language switch keeps the page),
 * and the router awaits it beside the page's chunk, so the page never renders a missing key.
 */
const sources = {
  // Also with antd (AntdScope); a tool page drawn without antd takes them here.
  components: () => import('@/components/locales'),
  account: () => import('@/pages/user/locales'),
  backOffice: () => import('@/pages/admin/locales'),
} satisfies Record<string, () => Promise<Record<Language, object>>>;

export type PageNamespace = keyof typeof sources;

const loading = new Map<PageNamespace, Promise<void>>();

/** Adds texts in both languages; `common` takes them beside its own (the API client's `http`). */
export function addTexts(namespace: string, texts: Record<Language, object>): void {
  for (const language of LANGUAGES) i18n.addResourceBundle(language, namespace, texts[language], true, true);
}

export function loadNamespace(namespace: PageNamespace): Promise<void> {
  let pending = loading.get(namespace);
  if (!pending) {
    pending = sources[namespace]().then((texts) => addTexts(namespace, texts));
    // A failed load (network, stale deploy) is tried again on the next visit.
    pending.catch(() => loading.delete(namespace));
    loading.set(namespace, pending);
  }
  return pending;
}
