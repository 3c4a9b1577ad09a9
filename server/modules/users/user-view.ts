import type { UserDetails, UserInfo, UserRow, UserSimplified } from '@shared/contracts/users';
import type { StoredUser } from './users.repository';

const stringList = (json: string): string[] => {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
};

export function toUserInfo(user: StoredUser): UserInfo {
  return {
    userId: user.user_id,
    userName: user.user_name,
    nickName: user.nick_name,
    roles: stringList(user.roles),
    permissions: stringList(user.permissions),
    ext: { avatar: user.avatar, adCoin: user.ad_coin, resScore: user.res_score, settings: user.settings },
  };
}

export function toUserDetails(user: StoredUser): UserDetails {
  return { ...toUserInfo(user), email: user.email, enabled: user.enabled === 1, createTime: user.created_at };
}

export function toUserRow(user: StoredUser): UserRow {
  return {
    userId: user.user_id,
    userName: user.user_name,
    nickName: user.nick_name,
    email: user.email,
    enabled: user.enabled === 1,
    roles: stringList(user.roles),
    createTime: user.created_at,
    lastLoginTime: user.last_login_at,
  };
}

export const toUserSimplified = (user: StoredUser): UserSimplified => ({
  userId: user.user_id,
  nickName: user.nick_name,
  avatar: user.avatar,
});
