import { describe, expect, it } from 'vitest';
import {
  fillParams,
  isServerMessageKey,
  legacyMessageText,
  serverMessageText,
  serverMessagesCn,
  serverMessagesEn,
} from './server-messages';

function leaves(node: unknown, prefix = ''): [string, string][] {
  if (typeof node === 'string') return [[prefix, node]];
  return Object.entries(node as Record<string, unknown>).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

const parameters = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe('server message catalogue', () => {
  it('has every key in both languages with the same parameters, Chinese in cn and none in en', () => {
    const en = new Map(leaves(serverMessagesEn));
    const cn = leaves(serverMessagesCn);
    expect([...en.keys()].sort()).toEqual(cn.map(([key]) => key).sort());
    for (const [key, text] of cn) {
      expect(text, key).toMatch(/\p{Script=Han}/u);
      expect(en.get(key), key).not.toMatch(/\p{Script=Han}/u);
      expect(parameters(en.get(key) ?? ''), key).toEqual(parameters(text));
      // ' / ' would split the bilingual msg of clients before the keys in the wrong place.
      expect(`${text}${en.get(key)}`, key).not.toContain(' / ');
    }
  });

  it('knows its own keys only', () => {
    expect(isServerMessageKey('users.loginFailed')).toBe(true);
    expect(isServerMessageKey('users.field.email')).toBe(true);
    expect(isServerMessageKey('users.field')).toBe(false);
    expect(isServerMessageKey('users.toString')).toBe(false);
    expect(isServerMessageKey('Invalid input')).toBe(false);
    expect(isServerMessageKey(42)).toBe(false);
  });

  it('fills parameters the i18next way and leaves a missing one visible', () => {
    expect(serverMessageText({ key: 'users.tooManyLogins', params: { minutes: 15 } }, 'cn')).toBe('登录尝试过多，请 15 分钟后再试');
    expect(serverMessageText({ key: 'users.tooManyLogins', params: { minutes: 15 } }, 'en')).toBe(
      'Too many login attempts, try again in 15 min',
    );
    expect(fillParams('a {{x}} b {{ y }}', { x: 1 })).toBe('a 1 b {{ y }}');
  });
});

describe('legacyMessageText (msg for clients before the keys)', () => {
  it('writes one message as `field: 中文 / English`', () => {
    expect(legacyMessageText([{ key: 'users.emailTaken', field: 'email' }])).toBe('email: 邮箱已被使用 / This email is already in use');
    expect(legacyMessageText([{ key: 'users.loginFailed' }])).toBe('账号或密码错误 / Wrong account or password');
  });

  it('joins texts of one field, and names each field inside its half when there are several', () => {
    expect(
      legacyMessageText([
        { key: 'users.field.nickName', field: 'nickName' },
        { key: 'users.field.nickNameInvisible', field: 'nickName' },
      ]),
    ).toBe(
      'nickName: 昵称须为 1–32 个字符，且至少有一个可见字符；昵称不能包含控制字符、换行或不可见的格式字符 / The nickname must be 1–32 characters with at least one visible character; The nickname cannot contain control characters, line breaks or invisible formatting characters',
    );
    expect(
      legacyMessageText([
        { key: 'users.field.email', field: 'email' },
        { key: 'users.field.captcha', field: 'captcha' },
      ]),
    ).toBe(
      'email：请输入有效的邮箱地址（最多 254 个字符）；captcha：验证码为 6 位数字 / email: Enter a valid email address (at most 254 characters); captcha: The verification code is 6 digits',
    );
  });
});
