import { networkRoom, P2P_API, pairRoom, p2pHelloSchema, p2pPairSchema, type P2pHello } from '@shared/contracts/p2p';
import { account } from '@/platform';

/**
 * What the page loads once it is shown: the signalling contract, the transfer protocol and the
 * peer links all check messages with zod, which a tool page keeps off its first load
 * (renderer/tools/zod-free.test.ts), so the page imports this module dynamically.
 */
export { P2P_MAX_TEXT_CHARS } from '@shared/p2p';
export { P2pDevices } from './devices';
export { TransferCenter } from './transfers';
export { parsePairedCodes, readPairCode } from './pair-codes';
export { networkRoom, pairRoom };

/** This device's network room and the ICE servers (with fresh TURN credentials) from the server. */
export async function hello(): Promise<P2pHello> {
  return p2pHelloSchema.parse(await account.get(P2P_API.hello));
}

/** A new pairing code; rejects with the client's error (429 when too many were made). */
export async function makePair(): Promise<string> {
  return p2pPairSchema.parse(await account.post(P2P_API.pairs, {})).code;
}
export { qrSvg } from '@/lib/qr/qr-encode';
export { pageLive } from '@/lib/live';
