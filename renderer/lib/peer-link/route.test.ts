import { describe, expect, it } from 'vitest';
import { routeFromStats } from './route';

type Entry = Record<string, unknown> & { id: string; type: string };
const report = (...entries: Entry[]) => new Map(entries.map((entry) => [entry.id, entry]));

const host = { id: 'L1', type: 'local-candidate', candidateType: 'host', protocol: 'udp', address: '127.0.0.1', port: 5000 };
const relay = { id: 'L2', type: 'local-candidate', candidateType: 'relay', protocol: 'udp', address: '127.0.0.1', port: 6000 };
const remoteHost = { id: 'R1', type: 'remote-candidate', candidateType: 'host', protocol: 'udp', address: '127.0.0.1', port: 5001 };

describe('routeFromStats', () => {
  it("follows the transport's selected pair (Chromium) and calls host-to-host direct", () => {
    const route = routeFromStats(
      report(
        host,
        relay,
        remoteHost,
        { id: 'P1', type: 'candidate-pair', localCandidateId: 'L2', remoteCandidateId: 'R1', nominated: true, state: 'succeeded' },
        { id: 'P2', type: 'candidate-pair', localCandidateId: 'L1', remoteCandidateId: 'R1', state: 'succeeded' },
        { id: 'T', type: 'transport', selectedCandidatePairId: 'P2' },
      ),
    );
    expect(route).toEqual({
      kind: 'direct',
      local: { type: 'host', protocol: 'udp', address: '127.0.0.1', port: 5000 },
      remote: expect.objectContaining({ type: 'host' }),
    });
  });

  it('is relay when either end is a relay candidate; Firefox-style `selected` and nominated pairs count too', () => {
    expect(
      routeFromStats(
        report(relay, remoteHost, { id: 'P', type: 'candidate-pair', localCandidateId: 'L2', remoteCandidateId: 'R1', selected: true }),
      )?.kind,
    ).toBe('relay');
    expect(
      routeFromStats(
        report(
          host,
          { ...remoteHost, candidateType: 'relay' },
          { id: 'P', type: 'candidate-pair', localCandidateId: 'L1', remoteCandidateId: 'R1', nominated: true, state: 'succeeded' },
        ),
      )?.kind,
    ).toBe('relay');
  });

  it('is undefined before a pair is chosen or when its candidates are missing', () => {
    expect(
      routeFromStats(
        report(host, remoteHost, {
          id: 'P',
          type: 'candidate-pair',
          localCandidateId: 'L1',
          remoteCandidateId: 'R1',
          state: 'in-progress',
        }),
      ),
    ).toBeUndefined();
    expect(
      routeFromStats(
        report(
          { id: 'T', type: 'transport', selectedCandidatePairId: 'P' },
          { id: 'P', type: 'candidate-pair', localCandidateId: 'L9', remoteCandidateId: 'R1' },
        ),
      ),
    ).toBeUndefined();
    expect(routeFromStats(new Map())).toBeUndefined();
  });
});
