import type { IconDefinition } from '@ant-design/icons-svg/lib/types';
import type { ComponentType } from 'react';
import { iconComponent } from '@/layouts/plain/icon';
import type { LocaleShape } from '@/i18n/types';

/** Menu groups of spec §2, in menu order. Their titles live in the common locale under `groups`. */
export const TOOL_GROUPS = ['markdown', 'office', 'reader', 'image', 'text-file', 'toolbox', 'external', 'extra'] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

export type LayoutOffset = 0 | 1 | 2;

/** A tool's title and description in one language (its `meta.ts`): what menus, cards and heads show. */
export interface ToolTexts {
  title: string;
  description: string;
}

/**
 * What search matches besides a tool's texts (its `search.ts`), loaded with the search index and with
 * the tool's page, so none of it weighs on the first chunk: keywords (also the page's meta keywords,
 * `<id>:meta.keywords` once the page's texts are in) and aliases.
 */
export interface ToolSearchWords {
  keywords: { cn: string; en: string };
  /** Extra search words per language (abbreviations, common misspellings, English names in cn). */
  aliases: { cn?: readonly string[]; en?: readonly string[] };
}

/**
 * Every tool namespace carries its route meta texts (the keywords join them from search.ts when the
 * page loads); the rest of the namespace is the tool's own.
 */
export interface ToolLocale {
  meta: ToolTexts;
}

/**
 * The tool's whole namespace (locales.ts), loaded with its page: only `texts` (the `meta` part) ships
 * in the first chunk, for menus, cards and the head.
 */
export type ToolLocales<L extends ToolLocale> = () => Promise<{ cn: L; en: LocaleShape<L> }>;

/** Route meta with the spec's names. title/keywords/description are i18n keys resolved at render. */
export interface RouteMeta {
  title: string;
  aIcon: ComponentType;
  topicId: number;
  keywords: string;
  description: string;
  important: boolean;
  layout: { offset: LayoutOffset };
  requireAuth: boolean;
  requireAdmin: boolean;
  /** No ad banners and no ad script on this route (renderer/ads/visibility.ts). */
  hideAds: boolean;
}

export interface ToolInput<Id extends string, L extends ToolLocale> {
  id: Id;
  /** The spec path without language prefix, e.g. '/file/hasher'. */
  path: `/${string}`;
  group: ToolGroup;
  /**
   * The menu and card icon: an antd icon's SVG definition (`@ant-design/icons-svg/es/asn/<Name>`),
   * drawn without the @ant-design/icons runtime, which would otherwise be part of the first load.
   */
  icon: IconDefinition;
  /** The route's discussion topic: SPEC_TOPIC_IDS[path] for a spec route (topics.ts), else the next free number. */
  topicId: number;
  important?: boolean;
  offset?: LayoutOffset;
  requireAuth?: boolean;
  requireAdmin?: boolean;
  /** A page where ads would get in the way: full screen, reading, a remote session (docs/decisions.md, "Ads on the page"). */
  hideAds?: true;
  /**
   * Spec §2's untitled internal routes that are this tool under another path (`/md` for
   * /md/editor): they redirect to the tool's path in the same language, on the server (301) and in
   * the app (offline, the service worker answers every navigation with the app).
   */
  pathAliases?: readonly `/${string}`[];
  /** ISO date the tool was added; the home page marks recent tools. */
  createdAt: string;
  texts: { cn: ToolTexts; en: ToolTexts };
  locales: ToolLocales<L>;
  /** The tool's search words (search.ts): the search index and the page load them, never the first chunk. */
  search: () => Promise<{ searchWords: ToolSearchWords }>;
  page: () => Promise<{ default: ComponentType }>;
  /**
   * The page's first view uses no antd (it imports none statically; later parts come through
   * `lazyWithAntd`), so it opens without antd's style engine and ConfigProvider (~40 KB gz).
   * renderer/tools/first-view.test.ts checks the flag against the page's imports, both ways.
   */
  plainFirstView?: true;
  /**
   * Uploading is the tool's purpose (picture hosting sends the pictures to the user's own hub), so
   * the footer must not promise that files stay on the device; it says where they go instead.
   */
  uploads?: true;
  /**
   * Work in progress: the route exists (its e2e runs, a link can be shared for review) but no menu,
   * home card, search result or sitemap lists it, and search engines are told to skip it. A tool
   * stays unlisted until everything its issue names works end to end.
   */
  unlisted?: true;
  /**
   * The tool's untitled internal routes (spec §2, e.g. /hand-write/preview): pages of the tool with
   * its texts, topic and layout offset, served (HTTP 200) but in no menu, card, search or sitemap,
   * never indexed, and headed with the site's title alone.
   */
  internalRoutes?: readonly ToolInternalRoute[];
}

export interface ToolInternalRoute {
  /** The path without language prefix, e.g. '/hand-write/preview'. */
  path: `/${string}`;
  page: () => Promise<{ default: ComponentType }>;
  /** An admin's page of the tool (spec §2 /file/samples/edit): the guard asks for a login and the admin; the API checks again. */
  requireAdmin?: true;
}

export interface ToolDefinition<Id extends string = string, L extends ToolLocale = ToolLocale> {
  id: Id;
  path: `/${string}`;
  group: ToolGroup;
  meta: RouteMeta;
  pathAliases: readonly `/${string}`[];
  createdAt: string;
  texts: { cn: ToolTexts; en: ToolTexts };
  locales: ToolLocales<L>;
  search: () => Promise<{ searchWords: ToolSearchWords }>;
  page: () => Promise<{ default: ComponentType }>;
  plainFirstView: boolean;
  uploads: boolean;
  unlisted: boolean;
  internalRoutes: readonly ToolInternalRoute[];
}

export const DEFAULT_LAYOUT_OFFSET: LayoutOffset = 2;

export function defineTool<const Id extends string, L extends ToolLocale>(input: ToolInput<Id, L>): ToolDefinition<Id, L> {
  return {
    id: input.id,
    path: input.path,
    group: input.group,
    meta: {
      title: `${input.id}:meta.title`,
      description: `${input.id}:meta.description`,
      keywords: `${input.id}:meta.keywords`,
      aIcon: iconComponent(input.icon),
      topicId: input.topicId,
      important: input.important ?? false,
      layout: { offset: input.offset ?? DEFAULT_LAYOUT_OFFSET },
      requireAuth: input.requireAuth ?? false,
      requireAdmin: input.requireAdmin ?? false,
      hideAds: input.hideAds ?? false,
    },
    pathAliases: input.pathAliases ?? [],
    createdAt: input.createdAt,
    texts: input.texts,
    locales: input.locales,
    search: input.search,
    page: input.page,
    plainFirstView: input.plainFirstView ?? false,
    uploads: input.uploads ?? false,
    unlisted: input.unlisted ?? false,
    internalRoutes: input.internalRoutes ?? [],
  };
}
