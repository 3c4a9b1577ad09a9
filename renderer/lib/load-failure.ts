import { WorkerCrashed } from './worker-pool';

/**
 * What browsers say when code or data could not be downloaded — a lazy chunk, a wasm codec, a fetch —
 * as opposed to a failure of the work itself: Chromium, Firefox and Safari's wording for fetch and
 * dynamic import, and Emscripten's for a wasm file it could not fetch (in a worker its last try is a
 * synchronous XMLHttpRequest, whose failure names itself).
 */
const LOAD_FAILURE =
  /Failed to fetch|NetworkError when attempting to fetch|Load failed|Importing a module script failed|error loading dynamically imported module|fetching of the wasm failed|failed to asynchronously prepare wasm|Failed to execute 'send' on 'XMLHttpRequest': Failed to load/i;

export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return LOAD_FAILURE.test(message);
}

/**
 * Runs `work` (which loads a codec on first use), turning a failed download into `translate(error)`,
 * an error the page can show in its language; any other failure passes through unchanged.
 */
export async function whileLoading<T>(work: () => Promise<T>, translate: (error: unknown) => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isLoadFailure(error) ? translate(error) : error;
  }
}

/** A capability's own "could not download the codec" code, also after a worker or IPC boundary kept only the message. */
const CODEC_UNAVAILABLE = /\b(?:image|archive|qr):codecUnavailable\b/;

/**
 * Whether `error` means a part of the app loaded on first use (a chunk, a wasm codec, a worker's
 * script) could not be downloaded, whoever caught it first: the browser's own words, a capability's
 * `codecUnavailable`, or a worker whose script never arrived. Pages show `components:componentUnavailable`
 * for it (check the connection, reload) instead of "Failed to fetch".
 */
export function isComponentUnavailable(error: unknown): boolean {
  if (error instanceof WorkerCrashed) return error.loadFailed;
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return isLoadFailure(error) || CODEC_UNAVAILABLE.test(message);
}
