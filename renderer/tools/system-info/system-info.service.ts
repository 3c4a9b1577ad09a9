import type { NativeSystemInfo } from '@/platform';
import type { FeatureName } from './features';

/** null: this browser does not tell (shown as such, kept as null in the JSON). */
export type InfoValue = string | number | boolean | null;

export interface SystemReport {
  browser: {
    browser: string;
    engine: string;
    os: string;
    deviceType: string;
    device: InfoValue;
    architecture: InfoValue;
    userAgent: string;
  };
  screen: {
    screenSize: string;
    availableSize: string;
    viewport: string;
    devicePixelRatio: number;
    colorDepth: number;
    hdr: boolean;
    orientation: InfoValue;
    touchPoints: number;
  };
  hardware: { cpuCores: InfoValue; memoryGb: InfoValue; gpuVendor: InfoValue; gpuRenderer: InfoValue };
  network: { online: boolean; effectiveType: InfoValue; downlinkMbps: InfoValue; rttMs: InfoValue; saveData: InfoValue };
  storage: { quotaBytes: InfoValue; usageBytes: InfoValue; persisted: InfoValue };
  media: { audioInputs: InfoValue; videoInputs: InfoValue; audioOutputs: InfoValue };
  locale: { language: string; languages: string; timeZone: string; utcOffset: string };
  features: Record<FeatureName, boolean>;
  /** The desktop app's reading of the machine; absent on the website. */
  desktop?: NativeSystemInfo;
}

export type SectionId = keyof SystemReport;

/** The report as the user copies it: valid JSON, nulls for what the browser does not tell. */
export function reportJson(report: SystemReport): string {
  return JSON.stringify(report, null, 2);
}

export interface TextLabels {
  section(id: SectionId): string;
  field(section: SectionId, key: string): string;
  value(section: SectionId, key: string, value: unknown): string;
}

/** The report as plain text: one "label: value" line per field under each section's title. */
export function reportText(report: SystemReport, labels: TextLabels): string {
  return (Object.keys(report) as SectionId[])
    .map((section) => {
      const fields = Object.entries(report[section] ?? {});
      const lines = fields.map(([key, value]) => `${labels.field(section, key)}: ${labels.value(section, key, value)}`);
      return [`【${labels.section(section)}】`, ...lines].join('\n');
    })
    .join('\n\n');
}

/** "UTC+08:00" from Date.getTimezoneOffset's minutes west of UTC. */
export function utcOffset(minutesWest: number): string {
  const east = -minutesWest;
  const sign = east >= 0 ? '+' : '-';
  const abs = Math.abs(east);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
