import { useSession } from '@/auth/session';
import { apiUrl } from './host';

/**
 * What a tool may know of the account and how it calls the API as the logged-in user, without the
 * accounts code or the API client (which a tool must not import): the reader's reading sync, then
 * picture hosting. docs/architecture.md, "Mechanisms".
 */
export interface Account {
  /** The logged-in user's id; undefined for a visitor (or while the session is still being read). */
  userId(): number | undefined;
  /** Called when someone logs in or out, or another user takes over; not on token refreshes (picture hosting reloads its stores). */
  onChange(listener: (userId: number | undefined) => void): () => void;
  /**
   * The API as the logged-in user through the app's client (spec §7 call rules, token refresh).
   * Background calls: quiet, and they never leave the page — an ended session rejects with the
   * client's HttpError (`status` 401) instead of the login redirect, so a sync never throws the
   * visitor out of what they are doing; the tool decides what, if anything, they are told.
   * Resolves to the envelope's `data`; rejects with the client's HttpError.
   */
  get<T>(path: string, params?: Record<string, unknown>): Promise<T>;
  post<T>(path: string, body: unknown): Promise<T>;
  /** PUT and DELETE the same way (picture hosting sets its active hub and removes records). */
  put<T>(path: string, body: unknown): Promise<T>;
  delete<T>(path: string, params?: Record<string, unknown>): Promise<T>;
  /**
   * A JSON POST that outlives the page (for `pagehide`): fetch with `keepalive`, the session's
   * access token, no answer. Browsers cap such bodies at 64 KB in all; false when nothing was sent
   * (no session, no fetch, or the browser refused it).
   */
  postOnLeave(path: string, body: unknown): boolean;
  /**
   * A raw fetch to the API with the session's access token, for answers read as a stream (the chat
   * assistant's). No refresh here: on a 401 make an ordinary call (which refreshes) and try again.
   */
  fetchStream(path: string, init: RequestInit): Promise<Response>;
}

const currentUser = () => {
  const { logged, userId } = useSession.getState();
  return logged ? userId : undefined;
};

/** The app's client loads with the first call: a visitor's page never needs it. */
const client = () => import('@/app/http').then((module) => module.http);

export const account: Account = {
  userId: currentUser,

  onChange(listener) {
    let last = currentUser();
    return useSession.subscribe(() => {
      const now = currentUser();
      if (now === last) return;
      last = now;
      listener(now);
    });
  },

  async get<T>(path: string, params?: Record<string, unknown>) {
    return (await client()).get<T>(path, { params, background: true });
  },

  async post<T>(path: string, body: unknown) {
    return (await client()).post<T>(path, body, { background: true });
  },

  async put<T>(path: string, body: unknown) {
    return (await client()).put<T>(path, body, { background: true });
  },

  async delete<T>(path: string, params?: Record<string, unknown>) {
    return (await client()).delete<T>(path, { params, background: true });
  },

  fetchStream(path, init) {
    const { logged, accessToken } = useSession.getState();
    const headers = new Headers(init.headers);
    if (logged && accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
    return fetch(`${apiUrl}${path}`, { ...init, headers });
  },

  postOnLeave(path, body) {
    const { logged, accessToken } = useSession.getState();
    if (!logged || !accessToken || typeof fetch !== 'function') return false;
    try {
      void fetch(`${apiUrl}${path}`, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
        body: JSON.stringify(body),
      }).catch(() => undefined);
      return true;
    } catch {
      // A keepalive body over the browser's quota throws at once.
      return false;
    }
  },
};
