import { NavigationType, parsePath } from 'react-router-dom';
import type { Location, Navigator, To, UNSAFE_createBrowserHistory } from 'react-router-dom';

type History = ReturnType<typeof UNSAFE_createBrowserHistory>;

/** What a navigation shows: the address, how it was reached, and the error that stopped it, if any. */
export interface Committed {
  location: Location;
  action: NavigationType;
  error?: unknown;
}

export interface NavigationSnapshot {
  /** Undefined until the first address is ready (its guards decided, its page loaded). */
  committed?: Committed;
  /** A navigation is being prepared: the page shown is still the previous one. */
  pending: boolean;
}

/** Decides whether an address may open (undefined) or where it goes instead, and loads what it needs. */
export type Prepare = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => Promise<string | undefined>;

const isExternal = (address: string) => /^https?:\/\//i.test(address);

/**
 * What react-router's data router did for us, without its ~17 KB gz: an address opens only once it
 * is prepared (guards decided, lazy page and texts loaded), so the previous page stays on screen
 * meanwhile and the address bar never shows a page that is not there yet. A guard's redirect takes
 * the place of the guarded address: a link (push) pushes the target instead, and an address already
 * in the history (the first load, Back and Forward) is replaced by it, so Back never meets the guard
 * again. A newer navigation makes an older one moot. A failed preparation still opens the address,
 * with the error, for the error page.
 */
export function createNavigationController(history: History, prepare: Prepare, leave = (url: string) => location.replace(url)) {
  let snapshot: NavigationSnapshot = { pending: true };
  const listeners = new Set<() => void>();
  let latest = 0;

  const publish = (next: NavigationSnapshot) => {
    snapshot = next;
    listeners.forEach((listener) => listener());
  };

  async function go(to: To | null, action: NavigationType, state?: unknown): Promise<void> {
    const id = ++latest;
    if (!snapshot.pending) publish({ ...snapshot, pending: true });
    const path = to === null ? history.location : typeof to === 'string' ? parsePath(to) : to;
    const target = { pathname: path.pathname ?? history.location.pathname, search: path.search ?? '', hash: path.hash ?? '' };
    let redirect: string | undefined;
    let error: unknown;
    try {
      redirect = await prepare(target);
    } catch (failure) {
      error = failure ?? new Error('navigation failed');
    }
    if (id !== latest) return;
    if (redirect !== undefined) {
      if (isExternal(redirect)) return leave(redirect);
      return go(redirect, action === NavigationType.Push ? NavigationType.Push : NavigationType.Replace);
    }
    if (to !== null && action === NavigationType.Push) history.push(to, state);
    else if (to !== null) history.replace(to, state);
    publish({ committed: { location: history.location, action, ...(error === undefined ? {} : { error }) }, pending: false });
  }

  /** What <Router> calls for links, <Navigate> and navigate(): each address is prepared before it opens. */
  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => void go(to, NavigationType.Push, state),
    replace: (to, state) => void go(to, NavigationType.Replace, state),
  };

  return {
    navigator,
    getSnapshot: () => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Opens the current address, then follows Back and Forward (the only changes not made through `navigator`). */
    start(): Promise<void> {
      // v5Compat: the history reports its own push and replace too; only POP comes from outside.
      history.listen(({ action }) => {
        if (action === NavigationType.Pop) void go(null, NavigationType.Pop);
      });
      return go(null, NavigationType.Pop);
    },
    navigate: (to: To, options: { replace?: boolean } = {}) => go(to, options.replace ? NavigationType.Replace : NavigationType.Push),
  };
}

export type NavigationController = ReturnType<typeof createNavigationController>;
