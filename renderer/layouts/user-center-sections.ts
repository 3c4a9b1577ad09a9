import { ApiOutlined, HistoryOutlined, LockOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

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
] as const satisfies readonly { path: string; titleKey: string; icon: ComponentType }[];

export type UserCenterSection = (typeof userCenterSections)[number]['path'];
