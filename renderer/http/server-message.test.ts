import { describe, expect, it } from 'vitest';
import { readLegacyMessage } from './server-message';

describe('readLegacyMessage (msg of servers before message keys)', () => {
  it('picks the field and the half in the page language', () => {
    const message = 'userName: 用户名已被使用 / This user name is taken';
    expect(readLegacyMessage(message, 'cn')).toEqual({ field: 'userName', text: '用户名已被使用' });
    expect(readLegacyMessage(message, 'en')).toEqual({ field: 'userName', text: 'This user name is taken' });
  });

  it('reads messages that name no field', () => {
    expect(readLegacyMessage('账号或密码错误 / Wrong account or password', 'en')).toEqual({
      field: undefined,
      text: 'Wrong account or password',
    });
  });

  it('keeps one-language texts whole', () => {
    expect(readLegacyMessage('网络不通', 'en')).toEqual({ text: '网络不通' });
  });
});
