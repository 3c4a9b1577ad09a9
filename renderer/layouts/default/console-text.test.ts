import { describe, expect, it } from 'vitest';
import { consoleText } from './console-text';

describe('consoleText', () => {
  it('writes the page, the browser and one line per record with status and request id', () => {
    const text = consoleText(
      [
        { id: 1, at: Date.UTC(2026, 10, 27, 23, 0, 1), kind: 'error', level: 'error', source: 'page', text: 'TypeError: x is undefined' },
        {
          id: 2,
          at: Date.UTC(2026, 10, 27, 23, 0, 2),
          kind: 'request',
          level: 'error',
          source: 'GET',
          text: '/api/missing — 服务不存在!',
          status: 404,
          requestId: 'abc-123',
        },
      ],
      { url: 'https://baibao.test/test/test2', userAgent: 'Chromium' },
    );
    expect(text.split('\n')).toEqual([
      'page: https://baibao.test/test/test2',
      'browser: Chromium',
      '2026-11-27T23:00:01.000Z error error [page] TypeError: x is undefined',
      '2026-11-27T23:00:02.000Z request error [GET] /api/missing — 服务不存在! (status 404 request-id abc-123)',
    ]);
  });
});
