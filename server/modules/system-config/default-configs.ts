import type { SiteSetting } from '@shared/contracts/api';

export const SITE_SETTING_CODE = 'setting';

export const DEFAULT_SITE_SETTING: SiteSetting = {
  title: '百宝箱',
  subTitle: '免费、好用、不上传的在线工具箱',
  logo: '/favicon.svg',
  locales: ['cn', 'en'],
  locale: 'zh-cn',
  siteUrl: '',
  supportPwaApp: true,
};

/** Written on first start only; later starts keep whatever is stored. */
export const DEFAULT_SYSTEM_CONFIGS: ReadonlyArray<{ code: string; value: unknown }> = [
  { code: SITE_SETTING_CODE, value: DEFAULT_SITE_SETTING },
];
