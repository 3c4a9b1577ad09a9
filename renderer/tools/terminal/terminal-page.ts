import { TUNNEL_API, tunnelCreatedSchema, tunnelStateSchema } from '@shared/contracts/tunnel';
import { account } from '@/platform';
import type { TunnelApi } from './tunnel-session';

export const tunnelApi: TunnelApi = {
  create: async () => tunnelCreatedSchema.parse(await account.post(TUNNEL_API.tunnels, {})),
  async state(id) {
    try {
      return tunnelStateSchema.parse(await account.get(TUNNEL_API.tunnel(id)));
    } catch (error) {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }
  },
};

/**
 * Loads /terminal as a document of its own, opening the tunnel on arrival; false when this already
 * is that load (the desktop app's policy never allows eval: the remote then answers `blocked`).
 */
export function reloadForEval(): boolean {
  const url = new URL(window.location.href);
  if (url.searchParams.get('open') === '1') return false;
  url.searchParams.set('open', '1');
  window.location.assign(url.toString());
  return true;
}
