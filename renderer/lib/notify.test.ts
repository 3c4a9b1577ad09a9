import { describe, expect, it } from 'vitest';
import type { MessageInstance } from 'antd/es/message/interface';
import { bindMessageApi, MESSAGE_DURATION_SECONDS, notify } from './notify';

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
