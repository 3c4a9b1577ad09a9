import Bowser from 'bowser';

/** What the User-Agent string says, read by bowser. Empty strings: the UA does not say. */
export interface UaSummary {
  browser: string;
  browserVersion: string;
  engine: string;
  engineVersion: string;
  os: string;
  osVersion: string;
  /** desktop, mobile, tablet or tv. */
  deviceType: string;
  /** Vendor and model when the UA names them (Apple iPhone, Huawei …). */
  device: string;
}

export function summarizeUserAgent(userAgent: string): UaSummary {
  // bowser throws on an empty string, which some privacy extensions and webviews send.
  const parsed = Bowser.parse(userAgent.trim() || ' ');
  return {
    browser: parsed.browser.name ?? '',
    browserVersion: parsed.browser.version ?? '',
    engine: parsed.engine.name ?? '',
    engineVersion: parsed.engine.version ?? '',
    os: parsed.os.name ?? '',
    osVersion: parsed.os.version ?? '',
    deviceType: parsed.platform.type ?? '',
    device: [parsed.platform.vendor, parsed.platform.model].filter(Boolean).join(' '),
  };
}

/** The subset of UA-CH getHighEntropyValues answers we use (Chromium-only). */
export interface ClientHints {
  platform?: string;
  platformVersion?: string;
  architecture?: string;
  bitness?: string;
  model?: string;
  fullVersionList?: readonly { brand: string; version: string }[];
}

/**
 * Client hints correct what the frozen UA string hides: Chromium reports Windows 11 as "Windows NT
 * 10.0" and every macOS as 10.15.7, and shortens its version to "120.0.0.0". Windows' platformVersion
 * 13 and above is Windows 11 (Microsoft's documented mapping).
 */
export function withClientHints(summary: UaSummary, hints: ClientHints | undefined): UaSummary {
  if (!hints) return summary;
  const merged = { ...summary };
  const platformVersion = hints.platformVersion ?? '';
  if (hints.platform === 'Windows' && platformVersion) {
    merged.osVersion = Number.parseInt(platformVersion, 10) >= 13 ? '11' : '10';
  } else if (hints.platform === 'macOS' && platformVersion) {
    merged.osVersion = platformVersion;
  }
  const full = hints.fullVersionList?.find(({ brand }) => matchesBrand(brand, summary.browser));
  if (full) merged.browserVersion = full.version;
  if (hints.model && !merged.device) merged.device = hints.model;
  return merged;
}

/** "Google Chrome" ↔ Chrome, "Microsoft Edge" ↔ Microsoft Edge, "Chromium" ↔ Chromium. */
function matchesBrand(brand: string, browser: string): boolean {
  if (!browser) return false;
  return brand === browser || brand.endsWith(` ${browser}`);
}

/** UA-CH names the family and the width apart ('x86' + '64'); people know them as x86-64 and arm64. */
export function architectureOf(hints: ClientHints | undefined): string | null {
  if (!hints?.architecture) return null;
  if (hints.bitness !== '64') return hints.architecture;
  return hints.architecture === 'arm' ? 'arm64' : `${hints.architecture}-64`;
}
