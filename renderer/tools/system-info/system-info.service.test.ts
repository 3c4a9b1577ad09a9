import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { detectFeatures } from './features';
import { reportLabels } from './labels';
import { cn, en } from './locales';
import { reportJson, reportText, utcOffset } from './system-info.service';
import type { SystemReport } from './system-info.service';

const report: SystemReport = {
  browser: {
    browser: 'Chrome 131.0.0.0',
    engine: 'Blink',
    os: 'Linux',
    deviceType: 'desktop',
    device: null,
    architecture: 'x86-64',
    userAgent: 'Mozilla/5.0',
  },
  screen: {
    screenSize: '1920 × 1080',
    availableSize: '1920 × 1040',
    viewport: '1280 × 720',
    devicePixelRatio: 2,
    colorDepth: 24,
    hdr: false,
    orientation: 'landscape-primary',
    touchPoints: 0,
  },
  hardware: { cpuCores: 8, memoryGb: null, gpuVendor: 'Google Inc.', gpuRenderer: 'SwiftShader' },
  network: { online: true, effectiveType: '4g', downlinkMbps: 10, rttMs: 50, saveData: false },
  storage: { quotaBytes: 2 * 1024 ** 3, usageBytes: null, persisted: false },
  media: { audioInputs: 1, videoInputs: 0, audioOutputs: null },
  locale: { language: 'zh-CN', languages: 'zh-CN, en', timeZone: 'Asia/Shanghai', utcOffset: 'UTC+08:00' },
  features: detectFeatures({ navigator: { gpu: {} } }),
  desktop: {
    platform: 'linux',
    osVersion: '#1 SMP',
    osRelease: '6.1.0',
    arch: 'x64',
    cpuModel: 'AMD EPYC',
    cpuCount: 2,
    totalMemory: 8 * 1024 ** 3,
    freeMemory: 1024 ** 3,
    disks: [{ path: '/', total: 100 * 1024 ** 3, free: 40 * 1024 ** 3 }],
  },
};

async function translator(language: 'cn' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { cn: { 'system-info': cn }, en: { 'system-info': en } },
    interpolation: { escapeValue: false },
  });
  return instance.getFixedT(language, 'system-info');
}

describe('reportJson', () => {
  it('is valid JSON that keeps what the browser does not tell as null', () => {
    const parsed = JSON.parse(reportJson(report)) as SystemReport;
    expect(parsed.hardware).toEqual({ cpuCores: 8, memoryGb: null, gpuVendor: 'Google Inc.', gpuRenderer: 'SwiftShader' });
    expect(parsed.features.WebGPU).toBe(true);
    expect(parsed.desktop?.disks[0]?.path).toBe('/');
  });
});

describe('reportText', () => {
  it('writes every section with translated labels, units and "not available" in Chinese', async () => {
    const text = reportText(report, reportLabels(await translator('cn')));
    expect(text).toContain('【浏览器与系统】\n浏览器: Chrome 131.0.0.0');
    expect(text).toContain('设备型号: 此浏览器不提供');
    expect(text).toContain('设备类型: 桌面');
    expect(text).toContain('CPU 核心数: 8');
    expect(text).toContain('内存（约）: 此浏览器不提供');
    expect(text).toContain('下行带宽: 10 Mbps');
    expect(text).toContain('可用配额: 2 GB');
    expect(text).toContain('WebGPU: 支持');
    expect(text).toContain('WebUSB: 不支持');
    expect(text).toContain('磁盘: /：可用 40 GB / 共 100 GB');
    expect(text).toContain('【本机（桌面版）】');
  });

  it('speaks English too', async () => {
    const text = reportText(report, reportLabels(await translator('en')));
    expect(text).toContain('Memory (approx.): Not available in this browser');
    expect(text).toContain('Colour depth: 24-bit');
    expect(text).toContain('Round-trip time: 50 ms');
  });
});

describe('utcOffset', () => {
  it('turns minutes west of UTC into UTC±hh:mm', () => {
    expect(utcOffset(-480)).toBe('UTC+08:00');
    expect(utcOffset(0)).toBe('UTC+00:00');
    expect(utcOffset(330)).toBe('UTC-05:30');
  });
});
