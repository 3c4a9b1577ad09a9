import { describe, expect, it } from 'vitest';
import { PAIR_CODE_ALPHABET, networkRoom, normalizePairCode, p2pRoomMessageSchema, pairCodeSchema, pairRoom, parseP2pRoom } from './p2p';
import { liveRoomSchema } from './live';

describe('P2P contract', () => {
  it('keeps look-alike symbols out of pairing codes', () => {
    for (const symbol of '01OILZSBUV') expect(PAIR_CODE_ALPHABET).not.toContain(symbol);
    expect(new Set(PAIR_CODE_ALPHABET).size).toBe(PAIR_CODE_ALPHABET.length);
    expect(pairCodeSchema.safeParse(normalizePairCode('7k-m 9qx')).success).toBe(true);
    expect(pairCodeSchema.safeParse('7KM9Q0').success).toBe(false);
    expect(pairCodeSchema.safeParse('7KM9Q').success).toBe(false);
  });

  it('names rooms the live endpoint accepts and reads them back', () => {
    expect(liveRoomSchema.safeParse(networkRoom('aB3_-x9Qz0aB3_-x9Qz0aA')).success).toBe(true);
    expect(liveRoomSchema.safeParse(pairRoom('7KM9QX')).success).toBe(true);
    expect(parseP2pRoom(pairRoom('7KM9QX'))).toEqual({ kind: 'pair', id: '7KM9QX' });
    expect(parseP2pRoom(networkRoom('abc'))).toEqual({ kind: 'net', id: 'abc' });
    expect(parseP2pRoom('p2p:other-1')).toBeUndefined();
  });

  it('lets through a routed signal or a card, nothing else', () => {
    const offer = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };
    const card = { name: '灵巧的熊猫', device: 'Desktop', os: 'Linux', browser: 'Chrome' };
    expect(p2pRoomMessageSchema.safeParse({ to: 'peer1', signal: offer }).success).toBe(true);
    expect(p2pRoomMessageSchema.safeParse({ to: 'peer1', signal: { kind: 'candidate', candidate: null } }).success).toBe(true);
    expect(p2pRoomMessageSchema.safeParse({ card }).success).toBe(true);
    expect(p2pRoomMessageSchema.safeParse({ to: 'peer1', card }).success).toBe(true);
    expect(p2pRoomMessageSchema.safeParse({ signal: offer }).success).toBe(false);
    expect(
      p2pRoomMessageSchema.safeParse({
        to: 'peer1',
        signal: { kind: 'description', description: { type: 'offer', sdp: 'x'.repeat(20_000) } },
      }).success,
    ).toBe(false);
    expect(p2pRoomMessageSchema.safeParse({ card, file: 'contents' }).success).toBe(false);
    expect(p2pRoomMessageSchema.safeParse('hello').success).toBe(false);
  });
});
