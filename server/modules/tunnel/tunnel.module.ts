import type { Router } from 'express';
import { TUNNEL_ROOM_FEATURE, tunnelRoomMessageSchema } from '@shared/contracts/tunnel';
import type { ModuleContext } from '../module-context';
import { createTunnelRepository } from './tunnel.repository';
import { tunnelRouter } from './tunnel.router';
import { createTunnelService } from './tunnel.service';

/**
 * /api/tunnels and the live rooms `tunnel:*` (docs/api.md "Remote-device tunnel"): the server relays
 * a connection request and, once the remote's owner accepted it, WebRTC signalling; the console
 * then runs over the two pages' own data channel.
 */
export function tunnelModule({ db, config, live }: ModuleContext): Router {
  const service = createTunnelService(createTunnelRepository(db), config.tunnel, live);
  live.rooms.define(TUNNEL_ROOM_FEATURE, {
    anonymous: true,
    admit: service.admit,
    publish: tunnelRoomMessageSchema,
    mayPublish: service.mayPublish,
  });
  return tunnelRouter(service, config.tunnel);
}
