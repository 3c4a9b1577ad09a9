import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  SETTINGS_MAX_BYTES,
  USER_FIELD_MESSAGES,
  captchaSendRequest,
  captchaTokenRequest,
  captchaValidateRequest,
  emailChangeRequest,
  infoDetailsUpdateRequest,
  infoQuery,
  loginRequest,
  logoutRequest,
  pageQuery,
  passwordChangeMineRequest,
  passwordChangeRequest,
  registerRequest,
  settingsUpdateRequest,
  userListQuery,
} from './users';
import { isServerMessageKey, serverMessageText } from './server-messages';

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('field texts', () => {
  it('are keys of the server message catalogue, whose texts quote no pattern in either language', () => {
    for (const key of Object.values(USER_FIELD_MESSAGES)) {
      expect(isServerMessageKey(key), key).toBe(true);
      expect(serverMessageText({ key }, 'cn')).toMatch(/\p{Script=Han}/u);
      for (const language of ['cn', 'en'] as const) expect(serverMessageText({ key }, language)).not.toMatch(/\/\^|\\[dsw]|\[A-Z/);
    }
  });

  it('are what every refusal of every request schema says, whatever was sent', () => {
    const schemas: Record<string, z.ZodType> = {
      loginRequest,
      registerRequest,
      captchaSendRequest,
      captchaValidateRequest,
      captchaTokenRequest,
      passwordChangeRequest,
      passwordChangeMineRequest,
      emailChangeRequest,
      infoDetailsUpdateRequest,
      settingsUpdateRequest,
      logoutRequest,
      infoQuery,
      pageQuery,
      userListQuery,
    };
    const fields = [
      'account',
      'password',
      'userName',
      'email',
      'captcha',
      'nickName',
      'purpose',
      'captchaToken',
      'oldPassword',
      'settings',
      'refreshToken',
      'force',
      'pageNum',
      'pageSize',
      'keyword',
    ];
    const filled = (value: unknown) => Object.fromEntries(fields.map((field) => [field, value]));
    const inputs = [
      null,
      [],
      'text',
      42,
      {},
      filled(''),
      filled(' '),
      filled(7),
      filled(true),
      filled(['x']),
      filled({}),
      filled('x'.repeat(10_000)),
      filled('-1.5'),
      filled('1000'),
      filled('\u202E\u0000'),
    ];
    let refusals = 0;
    for (const [name, schema] of Object.entries(schemas)) {
      for (const input of inputs) {
        for (const message of messagesOf(schema, input)) {
          refusals += 1;
          expect(message, `${name} given ${JSON.stringify(input).slice(0, 60)}`).toSatisfy(isServerMessageKey);
        }
      }
    }
    expect(refusals).toBeGreaterThan(100);
  });

  it('says the same for settings over 8192 characters as for over 8192 bytes, and counts bytes', () => {
    const characters = messagesOf(settingsUpdateRequest, { settings: 'n'.repeat(SETTINGS_MAX_BYTES + 1) });
    const bytes = messagesOf(settingsUpdateRequest, { settings: '字'.repeat(3000) });
    expect(characters).toEqual([USER_FIELD_MESSAGES.settingsTooLarge]);
    expect(bytes).toEqual([USER_FIELD_MESSAGES.settingsTooLarge]);
    expect(settingsUpdateRequest.safeParse({ settings: 'n'.repeat(SETTINGS_MAX_BYTES) }).success).toBe(true);
  });
});

describe('nickName', () => {
  const nickName = (value: string) => infoDetailsUpdateRequest.safeParse({ nickName: value });

  it.each(['小奎', 'Zoë', 'Ana María', '😀 Sam', "O'Brien", '❤️', 'a', 'x'.repeat(32), 'Li 👨\u200D👩\u200D👧', '🏳️\u200D🌈'])(
    'accepts %j',
    (value) => {
      expect(nickName(value).success).toBe(true);
    },
  );

  it.each([
    ['a zero-width space alone', '\u200B'],
    ['a zero-width joiner between letters', 'ad\u200Dmin'],
    ['a zero-width joiner after an emoji, before a letter', '😀\u200Da'],
    ['a right-to-left override before a name', '\u202Eadmin'],
    ['a left-to-right isolate inside a name', 'ad\u2066min'],
    ['NUL', 'a\u0000b'],
    ['a newline', 'a\nb'],
    ['a line separator', 'a\u2028b'],
    ['a lone surrogate', 'a\uD800b'],
    ['a private-use character', 'a\uE000b'],
  ])('refuses %s as invisible or control characters', (_name, value) => {
    expect(messagesOf(infoDetailsUpdateRequest, { nickName: value })).toEqual([USER_FIELD_MESSAGES.nickNameInvisible]);
  });

  it.each([
    ['nothing but spaces', '   '],
    ['a byte-order mark (trimmed away)', '\uFEFF'],
    ['a Hangul filler', '\u3164'],
    ['blank Braille patterns', '\u2800\u2800'],
    ['a lone combining accent', '\u0301'],
    ['33 characters', 'x'.repeat(33)],
  ])('refuses %s for want of a visible character or by length', (_name, value) => {
    expect(messagesOf(infoDetailsUpdateRequest, { nickName: value })).toEqual([USER_FIELD_MESSAGES.nickName]);
  });

  it('is checked the same way at sign-up', () => {
    const base = { userName: 'valid_name', email: 'a@example.com', password: 'password-123', captcha: '123456' };
    expect(registerRequest.safeParse(base).success).toBe(true);
    expect(messagesOf(registerRequest, { ...base, nickName: '\u202Eadmin' })).toEqual([USER_FIELD_MESSAGES.nickNameInvisible]);
    expect(messagesOf(registerRequest, { ...base, nickName: '\u200B' })).toEqual([USER_FIELD_MESSAGES.nickNameInvisible]);
  });
});

describe('userName', () => {
  const userName = (value: string) => registerRequest.shape.userName.safeParse(value);

  it.each(['abc', '用户名', 'a_b-c', 'A'.repeat(32), ' padded '])('accepts %j', (value) => {
    expect(userName(value).success).toBe(true);
  });

  it.each(['ab', 'a b', 'ab\u200Bc', '\u202Eadmin', 'abc\u0000', 'a\nbc', 'ａｂｃ', 'baibao.demo', 'x'.repeat(33), 'ab\uD800'])(
    'refuses %j',
    (value) => {
      const result = userName(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([USER_FIELD_MESSAGES.userName]);
    },
  );
});
