import { describe, expect, it } from 'vitest';
import {
  TUNNEL_ID_ALPHABET,
  TUNNEL_ID_LENGTH,
  newTunnelId,
  normalizeTunnelId,
  parseTunnelRoom,
  tunnelIdSchema,
  tunnelRoom,
} from './tunnel';

describe('tunnel ids', () => {
  it('use no symbol that reads or types like another', () => {
    for (const lookalike of '0O D Q 1 I L 2 Z 5 S 8 B U V'.replace(/ /g, '')) expect(TUNNEL_ID_ALPHABET).not.toContain(lookalike);
    expect(new Set(TUNNEL_ID_ALPHABET).size).toBe(TUNNEL_ID_ALPHABET.length);
    expect(TUNNEL_ID_ALPHABET).toMatch(/^[0-9A-Z]+$/);
  });

  it('are 5 symbols drawn from the alphabet by the random source', () => {
    expect(TUNNEL_ID_LENGTH).toBe(5);
    const draws = [0, 20, 3, 10, 7];
    const sizes: number[] = [];
    const id = newTunnelId((size) => (sizes.push(size), draws.shift()!));
    expect(id).toBe(
      `${TUNNEL_ID_ALPHABET[0]}${TUNNEL_ID_ALPHABET[20]}${TUNNEL_ID_ALPHABET[3]}${TUNNEL_ID_ALPHABET[10]}${TUNNEL_ID_ALPHABET[7]}`,
    );
    expect(sizes).toEqual(Array(5).fill(TUNNEL_ID_ALPHABET.length));
    expect(tunnelIdSchema.safeParse(id).success).toBe(true);
  });

  it('accept what was typed in any case, with spaces or dashes, and refuse anything else', () => {
    expect(normalizeTunnelId(' k7-m3x ')).toBe('K7M3X');
    expect(tunnelIdSchema.safeParse(normalizeTunnelId('k7 m3x')).success).toBe(true);
    for (const bad of ['K7M3', 'K7M3XY', 'K7M30', 'K7M3O', 'K7M3I', 'k7m3x']) expect(tunnelIdSchema.safeParse(bad).success).toBe(false);
  });

  it('name their live room and read it back', () => {
    expect(tunnelRoom('K7M3X')).toBe('tunnel:K7M3X');
    expect(parseTunnelRoom('tunnel:K7M3X')).toBe('K7M3X');
    expect(parseTunnelRoom('tunnel:K7M30')).toBeUndefined();
    expect(parseTunnelRoom('p2p:K7M3X')).toBeUndefined();
  });
});
