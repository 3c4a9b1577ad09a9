import ApiOutlined from '@ant-design/icons-svg/es/asn/ApiOutlined';
import HistoryOutlined from '@ant-design/icons-svg/es/asn/HistoryOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import SettingOutlined from '@ant-design/icons-svg/es/asn/SettingOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

/**
 * The user center's sections, in menu order; the router and the side menu both read this list.
 * "My ads" joins with the ads feature, as one more entry here.
 */
export const userCenterSections = [
  { path: 'profile', titleKey: 'userCenter.profile', icon: UserOutlined },
  { path: 'settings', titleKey: 'userCenter.settings', icon: SettingOutlined },
  { path: 'security', titleKey: 'userCenter.security', icon: LockOutlined },
  { path: 'logs', titleKey: 'userCenter.loginLogs', icon: HistoryOutlined },
  { path: 'bindings', titleKey: 'userCenter.bindings', icon: ApiOutlined },
] as const satisfies readonly { path: string; titleKey: string; icon: IconDefinition }[];

export type UserCenterSection = (typeof userCenterSections)[number]['path'];
