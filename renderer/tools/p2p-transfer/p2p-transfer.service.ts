import type { PeerSignal } from '@shared/contracts/p2p-signal';
import type { PresenceCard } from '@shared/contracts/p2p';

/** The tool's pure logic: no DOM, no React, testable under Node. */

/**
 * Signals kept while no link listened: candidates before the first description belong to a link
 * that has ended (each link starts with an offer or an answer), and a new link would refuse them.
 */
export function dropLeadingCandidates(signals: readonly PeerSignal[]): PeerSignal[] {
  const first = signals.findIndex((signal) => signal.kind === 'description');
  return first < 0 ? [] : signals.slice(first);
}

/** Short device, OS and browser words for this device's card, from the User-Agent. */
export function describeAgent(userAgent: string): Pick<PresenceCard, 'device' | 'os' | 'browser'> {
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Electron\//.test(userAgent)
        ? 'Baibao'
        : /Chrome\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : '';
  const device = /iPad|Tablet/.test(userAgent) ? 'tablet' : /Mobi|iPhone|Android/.test(userAgent) ? 'mobile' : 'desktop';
  return { device, os, browser };
}

/**
 * Who a device is across reconnections: its peer id changes with each connection, its card does
 * not (the name follows a seed the browser keeps), so a paused transfer resumes with the device
 * whose card matches.
 */
export const deviceIdentity = (card: PresenceCard): string => [card.name, card.device, card.os, card.browser].join('|');

/** "1:05" / "1:02:03" for an ETA in seconds; '' when unknown. */
export function formatEta(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '';
  const total = Math.ceil(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
