import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { serverMessageText } from '@shared/contracts/server-messages';
import type { ServerMessageKey } from '@shared/contracts/server-messages';
import { infoDetailsUpdateRequest, loginRequest, registerRequest } from '@shared/contracts/users';
import { zodRule } from './form-rules';

const english = (key: ServerMessageKey) => serverMessageText({ key }, 'en');

/** What the form shows for `value`, or undefined when it passes. */
async function complaint(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | undefined> {
  if (typeof rule === 'function' || !rule.validator) throw new Error('zodRule gives a validator object');
  try {
    await rule.validator({} as RuleObject, value, () => undefined);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('says what the server would say for the same value, in the page language', async () => {
    expect(await complaint(zodRule(registerRequest.shape.email, english), 'not-an-email')).toBe(
      'Enter a valid email address (at most 254 characters)',
    );
    expect(await complaint(zodRule(registerRequest.shape.password, english), 'short')).toBe('The password must be 8–128 characters');
    expect(await complaint(zodRule(loginRequest.shape.account, english), 'ab')).toBe('Enter your user name or email (3–254 characters)');
    expect(await complaint(zodRule(registerRequest.shape.userName, english), 'x y')).toBe(
      'The user name must be 3–32 letters, digits, _, - or Chinese characters',
    );
  });

  it('names the nickname check that failed: invisible characters, or nothing visible', async () => {
    const nickName = zodRule(infoDetailsUpdateRequest.shape.nickName, english);
    expect(await complaint(nickName, '\u202Eadmin')).toBe(english('users.field.nickNameInvisible'));
    expect(await complaint(nickName, '\u3164')).toBe(english('users.field.nickName'));
    expect(await complaint(nickName, '小奎')).toBeUndefined();
  });

  it('leaves empty values to `required`, and blanks of an optional field pass', async () => {
    expect(await complaint(zodRule(registerRequest.shape.email, english), '')).toBeUndefined();
    expect(await complaint(zodRule(infoDetailsUpdateRequest.shape.nickName, english, { optional: true }), '   ')).toBeUndefined();
    expect(await complaint(zodRule(infoDetailsUpdateRequest.shape.nickName, english), '   ')).toBe(english('users.field.nickName'));
  });
});
