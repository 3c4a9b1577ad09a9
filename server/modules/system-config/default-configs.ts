import type { SiteSetting } from '@shared/contracts/api';
import { DONATION_CONFIG_CODE, EMPTY_DONATION_CONFIG } from '@shared/contracts/donations-base';
import { EMPTY_ENTERPRISE, EMPTY_WELFARE, ENTERPRISE_CONFIG_CODE, WELFARE_CONFIG_CODE } from '@shared/contracts/site-content-base';

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
  // Empty: the welfare widget and the enterprise drawer stay hidden until the admin fills them.
  { code: WELFARE_CONFIG_CODE, value: EMPTY_WELFARE },
  { code: ENTERPRISE_CONFIG_CODE, value: EMPTY_ENTERPRISE },
  // Empty: /donation says the owner has not set up a code yet.
  { code: DONATION_CONFIG_CODE, value: EMPTY_DONATION_CONFIG },
];
