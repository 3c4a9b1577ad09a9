import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_CDN_FAIL_MESSAGE, CdnProbeFailed, createHttpProbe, probeCdns } from './cdn-probe';
import type { CdnProbe, CdnProbeResult, ProbeFetch } from './cdn-probe';

/** A probe answering each URL after its delay: `ok` resolves, `fail` rejects, `hang` never answers; all honour abort. */
function fakeProbe(plan: Record<string, { after: number; answer: 'ok' | 'fail' | 'hang' }>) {
  const aborted: string[] = [];
  const probe: CdnProbe = (url, signal) =>
    new Promise<void>((resolve, reject) => {
      const step = plan[url]!;
      const timer =
        step.answer === 'hang'
          ? undefined
          : setTimeout(() => (step.answer === 'ok' ? resolve() : reject(new Error('HTTP 404'))), step.after);
      signal.addEventListener('abort', () => {
        clearTimeout(timer);
        aborted.push(url);
        reject(new Error('aborted'));
      });
    });
  return { probe, aborted };
}

const candidates = [
  { id: 'dead', url: 'dead' },
  { id: 'slow', url: 'slow' },
  { id: 'fast', url: 'fast' },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('probeCdns', () => {
  it('picks the first to answer and aborts the slower ones', async () => {
    const { probe, aborted } = fakeProbe({
      dead: { after: 10, answer: 'fail' },
      slow: { after: 5000, answer: 'ok' },
      fast: { after: 200, answer: 'ok' },
    });
    const seen: CdnProbeResult[] = [];
    const run = probeCdns(candidates, probe, { onResult: (result) => seen.push(result), now: () => Date.now() });
    await vi.advanceTimersByTimeAsync(200);
    const { winner, results } = await run;
    expect(winner).toEqual({ id: 'fast', outcome: 'ok', ms: 200 });
    expect(results.map((result) => [result.id, result.outcome])).toEqual([
      ['dead', 'failed'],
      ['slow', 'cancelled'],
      ['fast', 'ok'],
    ]);
    expect(results[0]).toMatchObject({ error: 'HTTP 404', ms: 10 });
    expect(aborted).toEqual(['slow']);
    expect(seen.map((result) => result.id)).toEqual(['dead', 'fast', 'slow']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails with exactly 'all cdnSite fail!' when every candidate fails", async () => {
    const { probe } = fakeProbe({
      dead: { after: 10, answer: 'fail' },
      slow: { after: 20, answer: 'fail' },
      fast: { after: 30, answer: 'fail' },
    });
    const run = probeCdns(candidates, probe);
    const caught = run.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30);
    const error = (await caught) as CdnProbeFailed;
    expect(error).toBeInstanceOf(CdnProbeFailed);
    expect(error.message).toBe('all cdnSite fail!');
    expect(error.results.map((result) => result.outcome)).toEqual(['failed', 'failed', 'failed']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up at the time limit (30 s by default) and aborts what still runs', async () => {
    const { probe, aborted } = fakeProbe({
      dead: { after: 10, answer: 'fail' },
      slow: { after: 0, answer: 'hang' },
      fast: { after: 0, answer: 'hang' },
    });
    const caught = probeCdns(candidates, probe).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(aborted).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = (await caught) as CdnProbeFailed;
    expect(error.message).toBe(ALL_CDN_FAIL_MESSAGE);
    expect(error.results.map((result) => result.outcome)).toEqual(['failed', 'timeout', 'timeout']);
    expect(aborted.sort()).toEqual(['fast', 'slow']);
  });

  it('a success after the time limit does not count', async () => {
    const { probe } = fakeProbe({
      dead: { after: 31_000, answer: 'ok' },
      slow: { after: 0, answer: 'hang' },
      fast: { after: 0, answer: 'hang' },
    });
    const caught = probeCdns(candidates, probe, { timeoutMs: 1000 }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await caught).toBeInstanceOf(CdnProbeFailed);
  });

  it('stops when the caller aborts', async () => {
    const { probe, aborted } = fakeProbe({
      dead: { after: 0, answer: 'hang' },
      slow: { after: 0, answer: 'hang' },
      fast: { after: 0, answer: 'hang' },
    });
    const controller = new AbortController();
    const caught = probeCdns(candidates, probe, { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(((await caught) as Error).name).toBe('AbortError');
    expect(aborted).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('fails at once without candidates, and counts a probe that throws as failed', async () => {
    await expect(probeCdns([], () => Promise.resolve())).rejects.toThrow(ALL_CDN_FAIL_MESSAGE);
    const throwing: CdnProbe = () => {
      throw new Error('CSP');
    };
    await expect(probeCdns([{ id: 'x', url: 'x' }], throwing)).rejects.toMatchObject({
      results: [{ id: 'x', outcome: 'failed', error: 'CSP' }],
    });
  });
});

describe('createHttpProbe', () => {
  const signal = new AbortController().signal;

  it('asks HEAD in CORS mode and wants a 2xx', async () => {
    const fetchFn = vi.fn<ProbeFetch>().mockResolvedValueOnce({ ok: true, status: 200 }).mockResolvedValueOnce({ ok: false, status: 404 });
    const probe = createHttpProbe(fetchFn);
    await expect(probe('https://cdn/x', signal)).resolves.toBeUndefined();
    expect(fetchFn).toHaveBeenCalledWith('https://cdn/x', { method: 'HEAD', mode: 'cors', cache: 'no-store', redirect: 'follow', signal });
    await expect(probe('https://cdn/x', signal)).rejects.toThrow('HTTP 404');
  });

  it('loads the URL as an image when the request cannot be made (CSP, CORS), but not after a 404', async () => {
    const loadImage = vi.fn(() => Promise.resolve());
    const blocked = createHttpProbe(() => Promise.reject(new TypeError('Failed to fetch')), loadImage);
    await expect(blocked('https://mine/x.png', signal)).resolves.toBeUndefined();
    expect(loadImage).toHaveBeenCalledWith('https://mine/x.png', signal);

    const missing = createHttpProbe(() => Promise.resolve({ ok: false, status: 404 }), loadImage);
    await expect(missing('https://mine/y.png', signal)).rejects.toThrow('HTTP 404');
    expect(loadImage).toHaveBeenCalledTimes(1);

    await expect(createHttpProbe(() => Promise.reject(new TypeError('Failed to fetch')))('https://x', signal)).rejects.toThrow(
      'Failed to fetch',
    );
  });
});
