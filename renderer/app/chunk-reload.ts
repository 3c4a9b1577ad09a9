/**
 * After a deploy, an open tab may ask for a lazy chunk that no longer exists. Reloading fetches the
 * new index; the guard (spec §9: 60 s) stops a reload loop when the chunk is missing for another reason.
 */
export const RELOAD_GUARD_MS = 60_000;
const STORAGE_KEY = 'baibao:chunk-reload-at';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
    error.message,
  );
}

/** Reloads at most once per guard window; returns whether a reload was started. */
export function reloadOnceForChunkError(
  now = Date.now(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage,
  reload = () => location.reload(),
): boolean {
  const last = Number(storage.getItem(STORAGE_KEY) ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(STORAGE_KEY, String(now));
  reload();
  return true;
}

/** Wraps a lazy import so a stale chunk reloads the page instead of showing an error. */
export function withChunkReload<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (isChunkLoadError(error) && reloadOnceForChunkError()) return new Promise<T>(() => undefined);
      throw error;
    });
}
