import { describe, expect, it } from 'vitest';
import { MAX_TEXT, describeValue, parseConsoleMessage } from './terminal.service';
import { evaluate, forwardConsole } from './remote-console';

describe('describeValue', () => {
  it('shows values as a console does, quoting strings only as results', () => {
    expect(describeValue(2)).toBe('2');
    expect(describeValue('hi')).toBe('"hi"');
    expect(describeValue('hi', false)).toBe('hi');
    expect(describeValue(undefined)).toBe('undefined');
    expect(describeValue(null)).toBe('null');
    expect(describeValue(10n)).toBe('10n');
    expect(describeValue(Symbol('s'))).toBe('Symbol(s)');
    expect(describeValue(function named() {})).toBe('ƒ named()');
    expect(describeValue(new TypeError('bad'))).toBe('TypeError: bad');
    expect(describeValue({ a: [1, { b: undefined }], m: new Map([['k', 1n]]), s: new Set([1]) })).toBe(
      '{"a":[1,{"b":"undefined"}],"m":{"k":"1n"},"s":[1]}',
    );
  });

  it('survives cycles, throwing getters and huge values', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(describeValue(cyclic)).toBe('{"name":"loop","self":"[Circular]"}');
    const hostile = {
      get boom() {
        throw new Error('no');
      },
    };
    expect(describeValue(hostile)).toBe('[object Object]');
    const huge = describeValue('x'.repeat(MAX_TEXT * 2), false);
    expect(huge.length).toBeLessThan(MAX_TEXT + 40);
    expect(huge).toMatch(/… \(32000 chars\)$/);
  });
});

describe('parseConsoleMessage', () => {
  it('accepts the protocol and nothing else', () => {
    expect(parseConsoleMessage('{"t":"eval","id":1,"code":"1+1"}')).toEqual({ t: 'eval', id: 1, code: '1+1' });
    expect(parseConsoleMessage('{"t":"log","level":"warn","text":"w"}')).toEqual({ t: 'log', level: 'warn', text: 'w' });
    for (const bad of ['{', '{"t":"eval","id":"1","code":"x"}', '{"t":"run"}', 'null']) expect(parseConsoleMessage(bad)).toBeUndefined();
    expect(parseConsoleMessage(new Uint8Array([1]))).toBeUndefined();
  });
});

describe('evaluate', () => {
  it('runs in the global scope, awaits promises and answers errors', async () => {
    expect(await evaluate('1+1')).toEqual({ ok: true, text: '2' });
    expect(await evaluate('globalThis.__tunnelProbe = 5; __tunnelProbe * 2')).toEqual({ ok: true, text: '10' });
    expect(await evaluate('Promise.resolve("later")')).toEqual({ ok: true, text: '"later"' });
    expect(await evaluate('nope.nothing')).toEqual({ ok: false, text: 'ReferenceError: nope is not defined' });
    expect(await evaluate('Promise.reject(new RangeError("r"))')).toEqual({ ok: false, text: 'RangeError: r' });
    expect(await evaluate('(')).toMatchObject({ ok: false, text: expect.stringMatching(/^SyntaxError/) as unknown });
  });
});

describe('forwardConsole', () => {
  it("forwards the page's console output and restores the console", () => {
    const written: unknown[][] = [];
    const target = { log: (...args: unknown[]) => written.push(args) } as unknown as Console;
    for (const level of ['info', 'warn', 'error', 'debug'] as const) target[level] = () => undefined;
    const originalLog = target.log;
    const sent: string[] = [];
    const restore = forwardConsole(target, (level, text) => sent.push(`${level}:${text}`));
    target.log('hello', { a: 1 }, 3);
    target.warn('careful');
    expect(sent).toEqual(['log:hello {"a":1} 3', 'warn:careful']);
    expect(written).toEqual([['hello', { a: 1 }, 3]]);
    restore();
    expect(target.log).toBe(originalLog);
  });
});
