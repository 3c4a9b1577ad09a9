import { describe, expect, it } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { bindMessageApi, MESSAGE_DURATION_SECONDS, notify, setMessageHostLoader } from './notify';

interface Opened {
  type?: string;
  content?: unknown;
  duration?: number;
  onClose?: () => void;
}

function fakeMessageApi() {
  const opened: Opened[] = [];
  const api = { open: (config: Opened) => (opened.push(config), Promise.resolve(true)) } as unknown as MessageInstance;
  return { api, opened };
}

describe('notify', () => {
  it('suppresses a message with the same type and text while it is on screen', () => {
    const { api, opened } = fakeMessageApi();
    bindMessageApi(api);
    expect(notify('error', '网络不通')).toBe(true);
    expect(notify('error', '网络不通')).toBe(false);
    expect(notify('warning', '网络不通')).toBe(true);
    expect(notify('error', '服务不存在!')).toBe(true);
    expect(opened).toHaveLength(3);
    expect(opened[0]).toMatchObject({ type: 'error', content: '网络不通', duration: MESSAGE_DURATION_SECONDS });

    opened[0]!.onClose?.();
    expect(notify('error', '网络不通')).toBe(true);
    bindMessageApi(undefined);
  });

  it('shows nothing before the app has bound its message API', () => {
    bindMessageApi(undefined);
    expect(notify('info', 'x')).toBe(false);
  });
});

describe('notify before the message host is there', () => {
  it('asks the shell for its host once, and shows what waited, in order and without repeats, once it is bound', () => {
    bindMessageApi(undefined);
    let loads = 0;
    setMessageHostLoader(() => loads++);
    expect(notify('error', '服务繁忙')).toBe(true);
    expect(notify('error', '服务繁忙')).toBe(false);
    expect(notify('success', '已复制')).toBe(true);
    expect(loads).toBeGreaterThan(0);

    const { api, opened } = fakeMessageApi();
    bindMessageApi(api);
    expect(opened.map((message) => [message.type, message.content])).toEqual([
      ['error', '服务繁忙'],
      ['success', '已复制'],
    ]);
    expect(notify('info', '之后')).toBe(true);
    expect(opened).toHaveLength(3);
    opened[0]!.onClose?.();
    expect(notify('error', '服务繁忙')).toBe(true);

    setMessageHostLoader(undefined);
    bindMessageApi(undefined);
  });
});
