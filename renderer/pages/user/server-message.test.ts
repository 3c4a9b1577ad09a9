import type { FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { HttpError } from '@/http';
import { showServerError } from './server-message';

function fakeForm() {
  const setFields = vi.fn();
  return { form: { setFields } as unknown as FormInstance, setFields };
}

const refusal = (messages: { field?: string; text: string }[]) =>
  new HttpError(messages.map((message) => message.text).join('；'), { kind: 'business', status: 400, messages });

describe('showServerError', () => {
  it('puts each message under the form field it blames and returns nothing left over', () => {
    const { form, setFields } = fakeForm();
    const error = refusal([
      { field: 'email', text: '请输入有效的邮箱地址' },
      { field: 'captcha', text: '验证码为 6 位数字' },
    ]);
    expect(showServerError(form, ['email', 'captcha', 'password'], error)).toBeUndefined();
    expect(setFields).toHaveBeenCalledWith([
      { name: 'email', errors: ['请输入有效的邮箱地址'] },
      { name: 'captcha', errors: ['验证码为 6 位数字'] },
    ]);
  });

  it('returns the messages of fields the form lacks, and of none, for the form to show', () => {
    const { form, setFields } = fakeForm();
    const error = refusal([
      { field: 'email', text: 'This email is already in use' },
      { text: 'Wrong account or password' },
      { field: 'settings', text: 'Not valid JSON' },
    ]);
    expect(showServerError(form, ['email'], error)).toBe('Wrong account or password Not valid JSON');
    expect(setFields).toHaveBeenCalledWith([{ name: 'email', errors: ['This email is already in use'] }]);
  });

  it("places a message under the form's name for the server's field when they differ", () => {
    const { form, setFields } = fakeForm();
    const error = refusal([
      { field: 'settings.link', text: '链接须为 http:// 或 https:// 开头的网址' },
      { field: 'settings.unknown', text: '广告设置须为 JSON 对象' },
    ]);
    const fieldOf = (field: string) => (field === 'settings.link' ? 'link' : undefined);
    expect(showServerError(form, ['link'], error, fieldOf)).toBe('广告设置须为 JSON 对象');
    expect(setFields).toHaveBeenCalledWith([{ name: 'link', errors: ['链接须为 http:// 或 https:// 开头的网址'] }]);
  });

  it('returns the message of an error without server messages (network, timeout)', () => {
    const { form } = fakeForm();
    expect(showServerError(form, ['email'], new HttpError('网络不通', { kind: 'network' }))).toBe('网络不通');
    expect(showServerError(form, ['email'], 'not an error')).toBeUndefined();
  });
});
