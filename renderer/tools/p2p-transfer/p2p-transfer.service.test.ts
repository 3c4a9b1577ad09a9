import { describe, expect, it } from 'vitest';
import type { PeerSignal } from '@shared/contracts/p2p-signal';
import { parsePairedCodes, readPairCode } from './pair-codes';
import { deviceIdentity, describeAgent, dropLeadingCandidates, formatEta } from './p2p-transfer.service';

const candidate = (n: number): PeerSignal => ({ kind: 'candidate', candidate: { candidate: `candidate:${n}` } });
const offer: PeerSignal = { kind: 'description', description: { type: 'offer', sdp: 'v=0' } };

describe('p2p transfer page logic', () => {
  it("drops candidates of an ended link kept before the new link's description", () => {
    expect(dropLeadingCandidates([candidate(1), candidate(2), offer, candidate(3)])).toEqual([offer, candidate(3)]);
    expect(dropLeadingCandidates([candidate(1)])).toEqual([]);
    expect(dropLeadingCandidates([offer])).toEqual([offer]);
  });

  it('describes a phone, a desktop and the desktop app', () => {
    expect(
      describeAgent('Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36'),
    ).toEqual({ device: 'mobile', os: 'Android', browser: 'Chrome' });
    expect(
      describeAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toEqual({
      device: 'mobile',
      os: 'iOS',
      browser: 'Safari',
    });
    expect(describeAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0')).toEqual({
      device: 'desktop',
      os: 'Windows',
      browser: 'Edge',
    });
    expect(describeAgent('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Electron/33.0 Safari/537.36').browser).toBe(
      'Baibao',
    );
    expect(describeAgent('')).toEqual({ device: 'desktop', os: '', browser: '' });
  });

  it('tells a device by its whole card', () => {
    const card = { name: 'Nimble Panda', device: 'mobile', os: 'iOS', browser: 'Safari' };
    expect(deviceIdentity(card)).toBe(deviceIdentity({ ...card }));
    expect(deviceIdentity(card)).not.toBe(deviceIdentity({ ...card, os: 'Android' }));
  });

  it('keeps only valid, distinct paired codes, normalized', () => {
    expect(parsePairedCodes(['acd-234', 'ACD234', 'OOOOOO', 7, 'XY', 'WXY789'])).toEqual(['ACD234', 'WXY789']);
    expect(parsePairedCodes('ACD234')).toEqual([]);
    expect(parsePairedCodes(['ACD234', 'ACD235', 'ACD236'], 2)).toEqual(['ACD234', 'ACD235']);
  });

  it('reads a typed code in any case with spaces or dashes', () => {
    expect(readPairCode(' acd 2-34 ')).toBe('ACD234');
    expect(readPairCode('ACD23')).toBeUndefined();
    expect(readPairCode('ACD23O')).toBeUndefined();
  });

  it('formats an ETA', () => {
    expect(formatEta(null)).toBe('');
    expect(formatEta(65)).toBe('1:05');
    expect(formatEta(3723.2)).toBe('1:02:04');
    expect(formatEta(0)).toBe('0:00');
  });
});
