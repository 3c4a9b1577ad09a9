import { refreshAhead, useSession } from '@/auth/session';
import { apiUrl } from '@/platform/host';
import { LiveClient } from './live-client';

let client: LiveClient | undefined;

/** Who the server should take this page for: a user id, or 0 for an anonymous visitor. */
const identity = () => {
  const { logged, userId } = useSession.getState();
  return logged ? userId : 0;
};

/**
 * The page's one live connection, made on first use: the API address from the platform (the page's
 * own origin on the website, the configured API on the desktop) and the session's access token,
 * refreshed first when it is about to expire. A login or logout reconnects, so rooms are joined
 * again as the account now signed in; a mere token refresh does not (the server checks the token
 * at the upgrade only).
 */
export function pageLive(): LiveClient {
  if (client) return client;
  const live = new LiveClient({
    apiUrl,
    token: async () => {
      await refreshAhead();
      return useSession.getState().accessToken || undefined;
    },
  });
  let connectedAs = identity();
  useSession.subscribe(() => {
    const now = identity();
    if (now === connectedAs) return;
    connectedAs = now;
    live.reconnect();
  });
  client = live;
  return live;
}
