import type { CdnTemplate, HubFile } from '../contracts/pic-hub-base';

/**
 * CDN link templates for files in a GitHub hub (spec §3; docs/pic-hub.md "CDN templates").
 *
 * ChinaJsDelivr is JSDMirror (cdn.jsdmirror.com), a jsDelivr-compatible mirror served from
 * mainland China: the `jsd.cdn.zzko.cn` mirror PicX used under that name is gone, and
 * cdn.jsdelivr.net itself is unreliable there (picx#101). Mirrors come and go, which is why the
 * setting tab has a probe (cdn-probe.ts) and users can add their own templates.
 */
export const BUILTIN_CDN_TEMPLATES: readonly Readonly<CdnTemplate>[] = [
  {
    id: 'chinaJsDelivr',
    name: 'ChinaJsDelivr',
    tpl: 'https://cdn.jsdmirror.com/gh/{owner}/{repo}@{branch}/{path}',
    isBuiltin: true,
    active: true,
  },
  { id: 'jsDelivr', name: 'jsDelivr', tpl: 'https://cdn.jsdelivr.net/gh/{owner}/{repo}@{branch}/{path}', isBuiltin: true, active: false },
  {
    id: 'statically',
    name: 'Statically',
    tpl: 'https://cdn.statically.io/gh/{owner}/{repo}/{branch}/{path}',
    isBuiltin: true,
    active: false,
  },
  {
    id: 'githubRaw',
    name: 'GitHub raw',
    tpl: 'https://raw.githubusercontent.com/{owner}/{repo}/{branch}/{path}',
    isBuiltin: true,
    active: false,
  },
];
export const DEFAULT_CDN_ID = 'chinaJsDelivr';

/** The built-in templates' origins: the website's CSP lets the page probe them (server/http/security-headers.ts). */
export const BUILTIN_CDN_ORIGINS: readonly string[] = BUILTIN_CDN_TEMPLATES.map((template) => new URL(template.tpl).origin);

export const CDN_TEMPLATE_MAX_LENGTH = 500;
export const CDN_NAME_MAX_LENGTH = 40;
export const CDN_USER_TEMPLATES_MAX = 20;

const TEMPLATE_TOKENS = new Set(['owner', 'repo', 'branch', 'path']);

export interface CdnFileRef {
  owner: string;
  repo: string;
  branch: string;
  /** The file's path in the repository, '/'-separated. */
  path: string;
}

/**
 * RFC 3986 strict: encodeURIComponent leaves `!'()*` alone, and a `(` or `)` in a file name would
 * end a Markdown link early.
 */
const encodeSegment = (segment: string) =>
  encodeURIComponent(segment).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const encodePath = (path: string) => path.split('/').filter(Boolean).map(encodeSegment).join('/');

/** PicGo's and PicX's rules are written `{{owner}}`; the same rules pasted here work too. */
const singleBraces = (tpl: string) => tpl.replace(/\{\{\s*(\w+)\s*\}\}/g, '{$1}');

/** Every part percent-encoded by segment: Chinese names and spaces give working URLs. */
export function renderCdnUrl(tpl: string, file: CdnFileRef): string {
  const values: Record<string, string> = {
    owner: encodeSegment(file.owner),
    repo: encodeSegment(file.repo),
    // A branch may hold '/' (feature/x); the CDNs read it as path segments.
    branch: encodePath(file.branch),
    path: encodePath(file.path),
  };
  return singleBraces(tpl).replace(/\{(\w+)\}/g, (token, name: string) => values[name] ?? token);
}

export type CdnTemplateError = 'empty' | 'tooLong' | 'notUrl' | 'badProtocol' | 'noPath' | 'unknownToken';
export type CdnTemplateCheck = { ok: true } | { ok: false; error: CdnTemplateError; token?: string };

/** A user template: an http(s) URL with `{path}`, and only the four tokens. */
export function checkCdnTemplate(tpl: string): CdnTemplateCheck {
  const text = singleBraces(tpl.trim());
  if (!text) return { ok: false, error: 'empty' };
  if (text.length > CDN_TEMPLATE_MAX_LENGTH) return { ok: false, error: 'tooLong' };
  for (const [token, name] of text.matchAll(/\{([^{}]*)\}/g)) {
    if (!TEMPLATE_TOKENS.has(name ?? '')) return { ok: false, error: 'unknownToken', token };
  }
  if (!text.includes('{path}')) return { ok: false, error: 'noPath' };
  const sample = renderCdnUrl(text, { owner: 'owner', repo: 'repo', branch: 'main', path: 'a/b.png' });
  if (!URL.canParse(sample)) return { ok: false, error: 'notUrl' };
  const url = new URL(sample);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: 'badProtocol' };
  // `{path}` in the host would put the file name in a DNS label.
  if (!`${url.pathname}${url.search}`.includes('a/b.png')) return { ok: false, error: 'noPath' };
  return { ok: true };
}

export type CdnNameError = 'empty' | 'tooLong' | 'taken';

export function checkCdnName(name: string, templates: readonly CdnTemplate[], ownId?: string): CdnNameError | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'empty';
  if (trimmed.length > CDN_NAME_MAX_LENGTH) return 'tooLong';
  const lower = trimmed.toLowerCase();
  if (templates.some((template) => template.id !== ownId && template.name.trim().toLowerCase() === lower)) return 'taken';
  return undefined;
}

/** A new user template; `id` from the caller (randomHexId in the page). Inactive until chosen. */
export function userCdnTemplate(id: string, name: string, tpl: string): CdnTemplate {
  return { id, name: name.trim(), tpl: singleBraces(tpl.trim()), isBuiltin: false, active: false };
}

/** Exactly one active (spec §2): `id`, or ChinaJsDelivr when `id` is not in the list, or the first. */
export function withOneActive(list: readonly CdnTemplate[], id: string): CdnTemplate[] {
  const chosen = list.some((template) => template.id === id)
    ? id
    : list.some((template) => template.id === DEFAULT_CDN_ID)
      ? DEFAULT_CDN_ID
      : list[0]?.id;
  return list.map((template) => ({ ...template, active: template.id === chosen }));
}

export function activeCdn(list: readonly CdnTemplate[]): CdnTemplate {
  return list.find((template) => template.active) ?? list.find((template) => template.id === DEFAULT_CDN_ID) ?? BUILTIN_CDN_TEMPLATES[0]!;
}

/** Owner, repo and branch from a file's `config` text (the hub's settings at upload), or undefined when damaged. */
export function fileRepo(file: Pick<HubFile, 'config'>): Omit<CdnFileRef, 'path'> | undefined {
  try {
    const config: unknown = JSON.parse(file.config);
    if (typeof config !== 'object' || config === null) return undefined;
    const { owner, repo, branch } = config as Record<string, unknown>;
    if (typeof owner === 'string' && typeof repo === 'string' && typeof branch === 'string' && owner && repo && branch)
      return { owner, repo, branch };
  } catch {
    // A damaged record has no GitHub link; the gallery shows it without one.
  }
  return undefined;
}

/** A file's link: the template filled with its repository for GITHUB, the service's link for the others. */
export function hubFileUrl(
  file: Pick<HubFile, 'type' | 'config' | 'path' | 'link'>,
  template: Pick<CdnTemplate, 'tpl'>,
): string | undefined {
  if (file.type !== 'GITHUB') return file.link;
  const repo = fileRepo(file);
  return repo ? renderCdnUrl(template.tpl, { ...repo, path: file.path }) : undefined;
}
