import { platform } from '@/platform';
import { detectFeatures } from './features';
import type { FeatureGlobals } from './features';
import type { SystemReport } from './system-info.service';
import { utcOffset } from './system-info.service';
import { architectureOf, summarizeUserAgent, withClientHints } from './user-agent';
import type { ClientHints } from './user-agent';

interface NavigatorExtras {
  deviceMemory?: number;
  connection?: { effectiveType?: string; downlink?: number; rtt?: number; saveData?: boolean };
  userAgentData?: { getHighEntropyValues(hints: string[]): Promise<ClientHints> };
}

/** Reads everything the page may read without asking the user for a permission. */
export async function collectReport(): Promise<SystemReport> {
  const nav = navigator as Navigator & NavigatorExtras;
  const [hints, storage, persisted, devices, desktop] = await Promise.all([
    settle(nav.userAgentData?.getHighEntropyValues(['platform', 'platformVersion', 'architecture', 'bitness', 'model', 'fullVersionList'])),
    settle(nav.storage?.estimate()),
    settle(nav.storage?.persisted()),
    settle(nav.mediaDevices?.enumerateDevices()),
    settle(platform.systemInfo?.native()),
  ]);
  const ua = withClientHints(summarizeUserAgent(nav.userAgent), hints);
  const gpu = readGpu();
  const count = (kind: MediaDeviceKind) => (devices ? devices.filter((device) => device.kind === kind).length : null);
  const report: SystemReport = {
    browser: {
      browser: join(ua.browser, ua.browserVersion),
      engine: join(ua.engine, ua.engineVersion),
      os: join(ua.os, ua.osVersion),
      deviceType: ua.deviceType,
      device: ua.device || null,
      architecture: architectureOf(hints),
      userAgent: nav.userAgent,
    },
    screen: {
      screenSize: `${screen.width} × ${screen.height}`,
      availableSize: `${screen.availWidth} × ${screen.availHeight}`,
      viewport: `${window.innerWidth} × ${window.innerHeight}`,
      devicePixelRatio: window.devicePixelRatio,
      colorDepth: screen.colorDepth,
      hdr: window.matchMedia('(dynamic-range: high)').matches,
      orientation: screen.orientation?.type ?? null,
      touchPoints: nav.maxTouchPoints,
    },
    hardware: {
      cpuCores: nav.hardwareConcurrency || null,
      memoryGb: nav.deviceMemory ?? null,
      gpuVendor: gpu?.vendor ?? null,
      gpuRenderer: gpu?.renderer ?? null,
    },
    network: {
      online: nav.onLine,
      effectiveType: nav.connection?.effectiveType ?? null,
      downlinkMbps: nav.connection?.downlink ?? null,
      rttMs: nav.connection?.rtt ?? null,
      saveData: nav.connection?.saveData ?? null,
    },
    storage: { quotaBytes: storage?.quota ?? null, usageBytes: storage?.usage ?? null, persisted: persisted ?? null },
    media: { audioInputs: count('audioinput'), videoInputs: count('videoinput'), audioOutputs: count('audiooutput') },
    locale: {
      language: nav.language,
      languages: nav.languages.join(', '),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      utcOffset: utcOffset(new Date().getTimezoneOffset()),
    },
    features: detectFeatures(globalThis as unknown as FeatureGlobals),
  };
  if (desktop) report.desktop = desktop;
  return report;
}

function join(name: string, version: string): string {
  return [name, version].filter(Boolean).join(' ');
}

/** One failing source (a blocked API, a refused permission) leaves its fields empty, not the page. */
async function settle<T>(promise: Promise<T> | undefined): Promise<T | undefined> {
  try {
    return await promise;
  } catch {
    return undefined;
  }
}

/** The unmasked GPU names when the browser gives them (WEBGL_debug_renderer_info), else the masked ones. */
function readGpu(): { vendor: string; renderer: string } | undefined {
  try {
    const gl = document.createElement('canvas').getContext('webgl');
    if (!gl) return undefined;
    const debug = gl.getExtension('WEBGL_debug_renderer_info');
    const vendor = String(gl.getParameter(debug ? debug.UNMASKED_VENDOR_WEBGL : gl.VENDOR));
    const renderer = String(gl.getParameter(debug ? debug.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { vendor, renderer };
  } catch {
    return undefined;
  }
}
