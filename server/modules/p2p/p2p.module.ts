import type { Router } from 'express';
import { P2P_ROOM_FEATURE, p2pRoomMessageSchema } from '@shared/contracts/p2p';
import type { ModuleContext } from '../module-context';
import { createP2pRepository } from './p2p.repository';
import { p2pRouter } from './p2p.router';
import { createP2pService } from './p2p.service';

/**
 * /api/p2p and the live rooms `p2p:*` (docs/api.md "P2P signalling"): devices meet by network or
 * pairing code and relay WebRTC signalling; the server never sees what they then send each other.
 */
export function p2pModule({ db, config, secret, live }: ModuleContext): Router {
  const service = createP2pService(createP2pRepository(db), config.p2p, secret);
  live.rooms.define(P2P_ROOM_FEATURE, { anonymous: true, admit: service.admit, publish: p2pRoomMessageSchema });
  return p2pRouter(service, config.p2p);
}
