/**
 * The user center's sections, in menu order; the router, the head and the side menu read this list
 * (the menu's icons are in UserAdminLayout, which loads with the user center, not with the shell).
 */
export const userCenterSections = [
  { path: 'profile', titleKey: 'userCenter.profile' },
  { path: 'settings', titleKey: 'userCenter.settings' },
  { path: 'security', titleKey: 'userCenter.security' },
  { path: 'logs', titleKey: 'userCenter.loginLogs' },
  { path: 'bindings', titleKey: 'userCenter.bindings' },
  { path: 'ads', titleKey: 'userCenter.ads' },
  { path: 'feedback', titleKey: 'userCenter.feedback' },
] as const satisfies readonly { path: string; titleKey: string }[];

export type UserCenterSection = (typeof userCenterSections)[number]['path'];
