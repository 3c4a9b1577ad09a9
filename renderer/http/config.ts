import 'axios';

/**
 * Per-call switches of the API client, typed on axios' own request config so they travel with
 * every request (and come back on `error.config`) without a wrapper type.
 */
declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * Suppress the generic notices for a 500 and for unexpected statuses (spec §8), for calls whose
     * caller reports the failure itself. Every other notice still shows.
     */
    hideMessage?: boolean;
    /**
     * Suppress every notice of this call, server messages included, for background calls whose
     * failure the visitor should never see (ad views, visit counters — spec §7 "quiet"). The
     * promise still rejects and the 401/403 navigation still happens.
     */
    quiet?: boolean;
    /**
     * A call the page makes on its own, not one the visitor asked for (a reading sync): it never
     * leaves the page. A 401 neither reloads nor goes to the login page (an expired token is still
     * refreshed and the call made once more), a 403 does not go home; the promise rejects with the
     * error's kind and the caller decides what to tell. Implies `quiet`.
     */
    background?: boolean;
    /** Set by the client on a background call made again after a token refresh, so it is made again once only. */
    backgroundRetried?: boolean;
    /** Leave out the `_t` cache-busting query parameter, e.g. for URLs that must stay cacheable. */
    noTimestamp?: boolean;
  }
}
