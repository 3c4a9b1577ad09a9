import type { RegisteredTool } from '@/tools/registry';
import { cn as componentsCn, en as componentsEn } from '@/components/locales';
import { cn as httpCn, en as httpEn } from '@/http/locales';
import { cn as backOfficeCn, en as backOfficeEn } from '@/pages/admin/locales';
import { cn as accountCn, en as accountEn } from '@/pages/user/locales';
import { cn as commonCn, en as commonEn } from './locales/common';

export const LANGUAGES = ['cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'cn';

/**
 * The shell's namespaces, in the first chunk. Each tool's namespace is not here: its `meta` texts are
 * added at start (app/tool-texts.ts) and the rest when its page loads, so this file never imports
 * the registry (which would put every tool's texts in the first chunk and close an import cycle
 * through each tool's page).
 */
export const resources = {
  cn: { common: { ...commonCn, http: httpCn }, components: componentsCn, account: accountCn, backOffice: backOfficeCn },
  en: { common: { ...commonEn, http: httpEn }, components: componentsEn, account: accountEn, backOffice: backOfficeEn },
};

/** Each tool's whole namespace, as a type only: the keys `t` accepts once the tool's page has loaded. */
export type ToolNamespaces<Lang extends Language> = {
  [T in RegisteredTool as T['id']]: Awaited<ReturnType<T['locales']>>[Lang];
};

export type Resources = (typeof resources)['cn'] & ToolNamespaces<'cn'>;
