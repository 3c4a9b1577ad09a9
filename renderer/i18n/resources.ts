import type { cn as adsCn } from '@/ads/locales';
import type { cn as assistantCn } from '@/assistant/locales';
import type { RegisteredTool } from '@/tools/registry';
import type { cn as componentsCn } from '@/components/locales';
import type { cn as httpCn } from '@/http/locales';
import type { cn as externalToolsCn } from '@/lib/external-tool-texts';
import type { cn as backOfficeCn } from '@/pages/admin/locales';
import type { cn as accountCn } from '@/pages/user/locales';
import type { cn as siteContentCn } from '@/pages/admin/site-content/locales';
import type { cn as donationsAdminCn } from '@/pages/admin/donations/locales';
import type { cn as welfareCn } from '@/welfare/locales';
import { cn as commonCn } from './locales/common';
import { ENGLISH_SITE_TITLE } from './locales/site-title';

export const LANGUAGES = ['cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'cn';

/**
 * The shell's Chinese texts, in the first chunk; the English ones come before an English page opens
 * (english-shell-texts.ts, through app/tool-texts.ts). Each tool's namespace is not here: its `meta` texts are
 * added at start (app/tool-texts.ts) and the rest when its page loads, so this file never imports
 * the registry (which would put every tool's texts in the first chunk and close an import cycle
 * through each tool's page). Nor is what the home page never shows: the shared components' texts
 * come with antd (app/AntdScope.tsx), the API client's (`common:http`, with the server message
 * catalogue) with the client (app/http.ts), the account and back-office namespaces with their pages
 * (app/page-texts.ts).
 */
export const resources = {
  cn: { common: commonCn },
  // Only the site's English name until the rest comes (a Chinese page's links name it).
  en: { common: { site: { title: ENGLISH_SITE_TITLE } } },
};

/** The shell's namespaces as `t` knows them, the texts added later included (types only). */
interface ShellNamespaces {
  common: typeof commonCn & {
    http: typeof httpCn;
    externalTools: typeof externalToolsCn;
    welfare: typeof welfareCn;
    ads: typeof adsCn;
    assistant: typeof assistantCn;
  };
  components: typeof componentsCn;
  account: typeof accountCn;
  backOffice: typeof backOfficeCn & { siteContent: typeof siteContentCn; donations: typeof donationsAdminCn };
}

/** Each tool's whole namespace, as a type only: the keys `t` accepts once the tool's page has loaded. */
export type ToolNamespaces<Lang extends Language> = {
  [T in RegisteredTool as T['id']]: Awaited<ReturnType<T['locales']>>[Lang];
};

export type Resources = ShellNamespaces & ToolNamespaces<'cn'>;
