import { afterEach, describe, expect, it } from 'vitest';
import { bufferPageErrors } from './early-errors';
import { clearLog, collectPageErrors, log, LOG_CAPACITY, logEntries, subscribeToLog } from './log';

afterEach(clearLog);

describe('the console log', () => {
  it('keeps the newest LOG_CAPACITY entries, in order', () => {
    for (let i = 0; i < LOG_CAPACITY + 5; i++) log.info('image-compress', `step ${i}`);
    const entries = logEntries();
    expect(entries).toHaveLength(LOG_CAPACITY);
    expect(entries[0]!.text).toBe('step 5');
    expect(entries.at(-1)!.text).toBe(`step ${LOG_CAPACITY + 4}`);
    expect(entries.every((entry, i) => i === 0 || entry.id > entries[i - 1]!.id)).toBe(true);
  });

  it('tells its listeners of each entry and of a clear, with a new snapshot each time', () => {
    let calls = 0;
    const stop = subscribeToLog(() => calls++);
    const before = logEntries();
    log.warn('otp', 'clock is 40 s off');
    expect(logEntries()).not.toBe(before);
    log.error('otp', new TypeError('bad secret'));
    expect(logEntries().at(-1)).toMatchObject({ kind: 'log', level: 'error', source: 'otp', text: 'TypeError: bad secret' });
    clearLog();
    expect(logEntries()).toEqual([]);
    stop();
    log.info('otp', 'unheard');
    expect(calls).toBe(3);
  });

  it("records the page's uncaught errors and rejections, those before it loaded first, not a failed resource load", () => {
    const target = new EventTarget();
    bufferPageErrors(target as unknown as Window);
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('before the collector') }));
    collectPageErrors(target as unknown as Window);
    const error = Object.assign(new Event('error'), {
      error: new RangeError('offset out of range'),
      message: 'x',
      filename: 'https://baibao.test/a.js',
      lineno: 12,
    });
    target.dispatchEvent(error);
    target.dispatchEvent(Object.assign(new Event('error'), { message: '', error: null }));
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'quota exceeded' }));
    expect(logEntries().map((entry) => [entry.kind, entry.source, entry.text])).toEqual([
      ['error', 'page', 'Unhandled rejection: Error: before the collector'],
      ['error', 'page', 'RangeError: offset out of range (https://baibao.test/a.js:12)'],
      ['error', 'page', 'Unhandled rejection: quota exceeded'],
    ]);
  });
});
