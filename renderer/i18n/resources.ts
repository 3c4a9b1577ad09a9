import type { RegisteredTool } from '@/tools/registry';
import { cn as componentsCn, en as componentsEn } from '@/components/locales';
import { cn as httpCn, en as httpEn } from '@/http/locales';
import type { cn as backOfficeCn } from '@/pages/admin/locales';
import type { cn as accountCn } from '@/pages/user/locales';
import { cn as commonCn, en as commonEn } from './locales/common';

export const LANGUAGES = ['cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'cn';

/**
 * The shell's namespaces, in the first chunk. Each tool's namespace is not here: its `meta` texts are
 * added at start (app/tool-texts.ts) and the rest when its page loads, so this file never imports
 * the registry (which would put every tool's texts in the first chunk and close an import cycle
 * through each tool's page). Nor are the account and back-office namespaces, which load with their
 * pages (app/page-texts.ts).
 */
export const resources = {
  cn: { common: { ...commonCn, http: httpCn }, components: componentsCn },
  en: { common: { ...commonEn, http: httpEn }, components: componentsEn },
};

/** The namespaces that load with their pages, as types only. */
interface PageNamespaces {
  account: typeof accountCn;
  backOffice: typeof backOfficeCn;
}

/** Each tool's whole namespace, as a type only: the keys `t` accepts once the tool's page has loaded. */
export type ToolNamespaces<Lang extends Language> = {
  [T in RegisteredTool as T['id']]: Awaited<ReturnType<T['locales']>>[Lang];
};

export type Resources = (typeof resources)['cn'] & PageNamespaces & ToolNamespaces<'cn'>;
