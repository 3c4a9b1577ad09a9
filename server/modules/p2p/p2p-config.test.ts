import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { iceServersFor } from './p2p-config';

const SECRET = 'turn-secret-for-tests-0123456789';

describe('ICE_SERVERS and TURN_SECRET', () => {
  it('default to no servers: direct connections only', () => {
    expect(loadConfig({}).p2p).toMatchObject({ iceServers: [], turnSecret: undefined });
    expect(iceServersFor(loadConfig({}).p2p, Date.now())).toEqual({ iceServers: [], iceExpiresAt: null, iceTransportPolicy: 'all' });
  });

  it('stop the start with a clear message when the value is not a list of ICE servers', () => {
    expect(() => loadConfig({ ICE_SERVERS: 'stun:stun.example.com' })).toThrow(/ICE_SERVERS must be JSON/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"url":"stun:x"}]' })).toThrow(/ICE_SERVERS\.0/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"urls":"https://x.example"}]' })).toThrow(/stun:, stuns:, turn: or turns:/);
    expect(() => loadConfig({ ICE_SERVERS: '[{"urls":"turn:turn.example:3478"}]' })).toThrow(/needs TURN_SECRET/);
    expect(() => loadConfig({ TURN_SECRET: 'short' })).toThrow(/TURN_SECRET: must be at least 16/);
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'turn' })).toThrow(/ICE_TRANSPORT_POLICY/);
    expect(() => loadConfig({ ICE_TRANSPORT_POLICY: 'relay', ICE_SERVERS: '[{"urls":"stun:stun.example:3478"}]' })).toThrow(
      /ICE_TRANSPORT_POLICY=relay needs a turn: entry/,
    );
  });

  it('give a turn: entry without credential coturn REST credentials that verify with the shared secret', () => {
    const config = loadConfig({
      ICE_SERVERS: JSON.stringify([
        { urls: 'stun:stun.example:3478' },
        { urls: ['turn:turn.example:3478?transport=udp', 'turn:turn.example:3478?transport=tcp'] },
        { urls: 'turns:other.example:5349', username: 'fixed', credential: 'own' },
      ]),
      TURN_SECRET: SECRET,
    }).p2p;
    const now = Date.UTC(2026, 10, 27, 12, 0, 0);
    const { iceServers, iceExpiresAt } = iceServersFor(config, now);
    expect(iceExpiresAt).toBe(now + 3_600_000);
    expect(iceServers[0]).toEqual({ urls: 'stun:stun.example:3478' });
    expect(iceServers[2]).toEqual({ urls: 'turns:other.example:5349', username: 'fixed', credential: 'own' });
    const turn = iceServers[1]!;
    expect(turn.username).toMatch(new RegExp(`^${(now + 3_600_000) / 1000}:[A-Za-z0-9_-]{8}$`));
    // What coturn computes for use-auth-secret: base64(HMAC-SHA1(static-auth-secret, username)).
    expect(turn.credential).toBe(createHmac('sha1', SECRET).update(turn.username!).digest('base64'));
    expect(iceServersFor(config, now)).not.toEqual({ iceServers, iceExpiresAt, iceTransportPolicy: 'all' });
  });
});
