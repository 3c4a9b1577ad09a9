import { refreshAhead, useSession } from '@/auth/session';
import { account } from '@/platform/account';
import { apiUrl } from '@/platform/host';
import { LiveClient } from './live-client';

let client: LiveClient | undefined;

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
  account.onChange(() => live.reconnect());
  client = live;
  return live;
}
