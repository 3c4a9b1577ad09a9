import { tools } from '@/tools/registry';
import type { RegisteredTool } from '@/tools/registry';
import { cn as componentsCn, en as componentsEn } from '@/components/locales';
import { cn as httpCn, en as httpEn } from '@/http/locales';
import { cn as backOfficeCn, en as backOfficeEn } from '@/pages/admin/locales';
import { cn as accountCn, en as accountEn } from '@/pages/user/locales';
import { cn as commonCn, en as commonEn } from './locales/common';

type ToolNamespaces<Lang extends 'cn' | 'en'> = {
  [T in RegisteredTool as T['id']]: T['locales'][Lang];
};

function toolNamespaces<Lang extends 'cn' | 'en'>(lang: Lang): ToolNamespaces<Lang> {
  return Object.fromEntries(tools.map((tool) => [tool.id, tool.locales[lang]])) as ToolNamespaces<Lang>;
}

export const LANGUAGES = ['cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'cn';

export const resources = {
  cn: { common: { ...commonCn, http: httpCn }, components: componentsCn, account: accountCn, backOffice: backOfficeCn, ...toolNamespaces('cn') },
  en: { common: { ...commonEn, http: httpEn }, components: componentsEn, account: accountEn, backOffice: backOfficeEn, ...toolNamespaces('en') },
};

export type Resources = (typeof resources)['cn'];
