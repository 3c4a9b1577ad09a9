import { normalizeHubPath } from '@shared/pic-hub/path';

/** What the hub edit drawer holds while the user types (every field as typed). */
export interface HubDraft {
  owner: string;
  repo: string;
  branch: string;
  path: string;
  token: string;
  apiBaseUrl: string;
}

export type HubDraftField = keyof HubDraft;
export type HubDraftProblem =
  'ownerEmpty' | 'repoEmpty' | 'branchEmpty' | 'tokenEmpty' | 'nameInvalid' | 'pathInvalid' | 'apiBaseUrlInvalid';

/** The draft as it is saved: trimmed, path without outer slashes, no API address = GitHub's own. */
export interface CleanHubDraft {
  owner: string;
  repo: string;
  branch: string;
  path: string;
  /** Empty when an edit keeps the saved token. */
  token: string;
  apiBaseUrl?: string;
}

export type HubDraftCheck = { ok: true; value: CleanHubDraft } | { ok: false; problems: Partial<Record<HubDraftField, HubDraftProblem>> };

export const DEFAULT_BRANCH = 'main';

// GitHub's own rules, loosely: names are ASCII letters, digits, '-', '_' and '.'; a branch may hold '/'.
const NAME = /^[A-Za-z0-9._-]+$/;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const UNSAFE_PATH = /(^|\/)\.\.(\/|$)|[\u0000-\u001f\u007f\\]/;

/**
 * Checks the drawer's fields before the token check: empty required fields, names GitHub would
 * refuse, a folder that climbs out (`..`), an API address that is not http(s). `tokenRequired` is
 * false when an edit keeps the token already saved.
 */
export function checkHubDraft(draft: HubDraft, { tokenRequired }: { tokenRequired: boolean }): HubDraftCheck {
  const problems: Partial<Record<HubDraftField, HubDraftProblem>> = {};
  const owner = draft.owner.trim();
  const repo = draft.repo.trim();
  const branch = draft.branch.trim();
  const path = normalizeHubPath(draft.path);
  const token = draft.token.trim();
  const apiBaseUrl = draft.apiBaseUrl.trim().replace(/\/+$/, '');

  if (!owner) problems.owner = 'ownerEmpty';
  else if (!NAME.test(owner)) problems.owner = 'nameInvalid';
  if (!repo) problems.repo = 'repoEmpty';
  else if (!NAME.test(repo)) problems.repo = 'nameInvalid';
  if (!branch) problems.branch = 'branchEmpty';
  else if (UNSAFE_PATH.test(branch) || /\s/.test(branch)) problems.branch = 'nameInvalid';
  if (UNSAFE_PATH.test(path)) problems.path = 'pathInvalid';
  if (tokenRequired && !token) problems.token = 'tokenEmpty';
  if (apiBaseUrl && !isHttpUrl(apiBaseUrl)) problems.apiBaseUrl = 'apiBaseUrlInvalid';

  if (Object.keys(problems).length > 0) return { ok: false, problems };
  return { ok: true, value: { owner, repo, branch, path, token, ...(apiBaseUrl ? { apiBaseUrl } : {}) } };
}

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** How a hub is named in lists: `owner/repo@branch/path` (no trailing slash at the root). */
export function hubLabel(config: { owner: string; repo: string; branch: string; path: string }): string {
  return `${config.owner}/${config.repo}@${config.branch}${config.path ? `/${config.path}` : ''}`;
}

/** A saved token as the drawer shows it again: enough to recognise it, never enough to use it. */
export function maskToken(token: string): string {
  if (token.length <= 8) return '••••••••';
  return `${token.slice(0, 4)}••••••••${token.slice(-4)}`;
}

/** The token check's failure kinds a hub form tells apart (texts `components:githubHub.check.*`). */
export type TokenCheckProblem = 'auth' | 'noWriteAccess' | 'repoNotFound' | 'branchNotFound' | 'rateLimited' | 'network' | 'unknown';

/**
 * The translation key of a failed token check. The GitHub client and the hubs store name the kind
 * (`error.kind`); a hub form groups the ones a user acts on the same way (401 → a new token, 403 or
 * no push → other permissions, 404 → check owner/repo).
 */
export function tokenCheckProblem(error: unknown): TokenCheckProblem {
  const kind = typeof error === 'object' && error !== null && 'kind' in error ? String((error as { kind: unknown }).kind) : '';
  switch (kind) {
    case 'auth':
      return 'auth';
    case 'forbidden':
    case 'noWriteAccess':
      return 'noWriteAccess';
    case 'notFound':
    case 'repoNotFound':
      return 'repoNotFound';
    case 'branchNotFound':
      return 'branchNotFound';
    case 'rateLimited':
      return 'rateLimited';
    case 'network':
      return 'network';
    default:
      return 'unknown';
  }
}
