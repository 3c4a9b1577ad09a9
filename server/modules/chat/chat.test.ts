import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatConfig, ChatStreamError } from '@shared/contracts/chat';
import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat';
import { SseEventReader } from '@shared/chat/sse-events';
import { startAccountsServer } from '../../testing/accounts-kit';
import { FAKE_MODELS, RECORDED_ANSWER, startFakeChatUpstream } from '../../testing/fake-chat-upstream';
import type { FakeChatUpstream } from '../../testing/fake-chat-upstream';

type Kit = Awaited<ReturnType<typeof startAccountsServer>>;

let upstream: FakeChatUpstream;
let kit: Kit;

const chatEnv = (up: FakeChatUpstream, extra: Record<string, string> = {}) => ({
  CHAT_API_BASE: up.base,
  CHAT_API_KEY: up.key,
  CHAT_MODELS: Object.values(FAKE_MODELS).join(','),
  PROXY_ALLOW_PRIVATE: 'true',
  ...extra,
});

beforeAll(async () => {
  upstream = await startFakeChatUpstream();
  kit = await startAccountsServer({
    env: chatEnv(upstream, { CHAT_DAILY_ANONYMOUS: '0', CHAT_DAILY_USER: '0' }),
    chat: { firstByteTimeoutMs: 400, idleTimeoutMs: 400 },
  });
});

afterAll(async () => {
  await kit?.close();
  await upstream?.close();
});

const ask = (model: string, init: { token?: string; body?: object; signal?: AbortSignal; baseUrl?: string } = {}) =>
  fetch(`${init.baseUrl ?? kit.server.baseUrl}/api/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: JSON.stringify(init.body ?? { model, messages: [{ role: 'user', content: '你好' }], stream: true }),
    ...(init.signal ? { signal: init.signal } : {}),
  });

/** Every event of a streamed answer, in order, plus the whole text as received. */
async function readEvents(res: Response): Promise<{ events: string[]; raw: string }> {
  const reader = new SseEventReader();
  const events: string[] = [];
  const bytes: Uint8Array[] = [];
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    bytes.push(chunk);
    events.push(...reader.push(chunk));
  }
  events.push(...reader.push());
  return { events, raw: Buffer.concat(bytes).toString('utf8') };
}

const contentOf = (events: string[]) =>
  events
    .filter((event) => event !== '[DONE]')
    .map((event) => (JSON.parse(event) as { choices?: { delta?: { content?: string } }[] }).choices?.[0]?.delta?.content ?? '')
    .join('');

const envelope = async (res: Response) =>
  (await res.json()) as { code: number; data: unknown; ext?: { messages: { key: string; params?: object }[] } };

describe('chat proxy stream', () => {
  it('streams the recorded answer as standard chunks ending in [DONE], with the key only on the upstream call', async () => {
    const res = await ask(FAKE_MODELS.recorded, {
      body: { model: FAKE_MODELS.recorded, messages: [{ role: 'user', content: 'hi' }], stream: true, tools: [{ x: 1 }], n: 5 },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('set-cookie')).toBeNull();
    const { events, raw } = await readEvents(res);
    expect(events.at(-1)).toBe('[DONE]');
    expect(contentOf(events)).toBe(RECORDED_ANSWER);
    expect(raw).not.toContain(upstream.key);
    expect(JSON.stringify([...res.headers])).not.toContain(upstream.key);
    const sent = upstream.requests.at(-1)!;
    expect(sent.authorization).toBe(`Bearer ${upstream.key}`);
    // Only plain chat reaches the upstream: no tools, no n.
    expect(Object.keys(sent.body).sort()).toEqual(['messages', 'model', 'stream']);
  });

  it('gives characters split across network reads whole', async () => {
    const { events } = await readEvents(await ask(FAKE_MODELS.splitUtf8));
    expect(contentOf(events)).toBe('é中😀文');
    expect(events.at(-1)).toBe('[DONE]');
  });

  it('passes each delta on as it comes while the upstream drips', async () => {
    const res = await ask(FAKE_MODELS.drip);
    const reader = new SseEventReader();
    const arrivals: number[] = [];
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>)
      for (const _ of reader.push(chunk)) arrivals.push(performance.now());
    // 13 frames 40 ms apart: buffered, they would arrive together at the end.
    expect(arrivals.length).toBeGreaterThan(10);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(300);
  });

  it('ends a stream the upstream breaks with one translated error event, no [DONE] and no key', async () => {
    const { events, raw } = await readEvents(await ask(FAKE_MODELS.midError));
    expect(contentOf(events.slice(0, -1))).toBe('部分回答');
    const last = JSON.parse(events.at(-1)!) as ChatStreamError;
    expect(last.error.code).toBe('chat.upstreamError');
    expect(last.error.message).toContain('模型服务回答到一半出错了');
    expect(events).not.toContain('[DONE]');
    expect(raw).not.toContain(upstream.key);
  });

  it('answers an upstream refusal with its status only, never its body (which quotes the key)', async () => {
    const res = await ask(FAKE_MODELS.refused);
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(text).not.toContain(upstream.key);
    expect(JSON.parse(text).ext.messages).toEqual([{ key: 'chat.upstreamStatus', params: { status: 401 } }]);
  });

  it('gives up on an upstream that never answers (504) and on one that stops mid-answer', async () => {
    const hang = await ask(FAKE_MODELS.hang);
    expect(hang.status).toBe(504);
    expect((await envelope(hang)).ext?.messages).toEqual([{ key: 'chat.firstByteTimeout', params: { seconds: 1 } }]);
    await upstream.requests.at(-1)!.closed;

    const midway = await ask(FAKE_MODELS.hangMidway);
    expect(midway.status).toBe(200);
    const { events } = await readEvents(midway);
    expect(contentOf(events.slice(0, -1))).toBe('开始');
    expect((JSON.parse(events.at(-1)!) as ChatStreamError).error.code).toBe('chat.idleTimeout');
    await upstream.requests.at(-1)!.closed;
  });

  it('stops the upstream request when the page aborts', async () => {
    const abort = new AbortController();
    const res = await ask(FAKE_MODELS.endless, { signal: abort.signal });
    const reader = new SseEventReader();
    const iterator = (res.body as unknown as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]();
    let seen = 0;
    while (seen < 3) seen += reader.push((await iterator.next()).value as Uint8Array).length;
    const before = upstream.requests.length;
    abort.abort();
    // The fake upstream sends until its caller goes away; this resolves only when the proxy hung up.
    await upstream.requests[before - 1]!.closed;
  });

  it('refuses bad requests with translated messages before calling the upstream', async () => {
    const calls = upstream.requests.length;
    const huge = await ask('', {
      body: { model: FAKE_MODELS.recorded, messages: [{ role: 'user', content: 'x'.repeat(CHAT_REQUEST_MAX_BYTES) }], stream: true },
    });
    expect(huge.status).toBe(413);
    expect((await envelope(huge)).ext?.messages).toEqual([{ key: 'chat.requestTooLarge', params: { kilobytes: 48 } }]);
    const unknown = await ask('', { body: { model: 'gpt-x', messages: [{ role: 'user', content: 'x' }], stream: true } });
    expect((await envelope(unknown)).ext?.messages).toEqual([{ key: 'chat.unknownModel', params: { model: 'gpt-x' } }]);
    const notStreamed = await ask('', { body: { model: FAKE_MODELS.recorded, messages: [{ role: 'user', content: 'x' }], stream: false } });
    expect((await envelope(notStreamed)).ext?.messages).toEqual([{ key: 'chat.streamOnly' }]);
    const noMessages = await ask('', { body: { model: FAKE_MODELS.recorded, messages: [], stream: true } });
    expect((await envelope(noMessages)).ext?.messages).toEqual([{ key: 'chat.noMessages' }]);
    expect(upstream.requests.length).toBe(calls);
  });

  it('is a standard stream to the official openai client', async () => {
    const { accessToken } = await kit.register('chatclient', 'chatclient@example.com');
    const client = new OpenAI({ baseURL: `${kit.server.baseUrl}/api`, apiKey: accessToken, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: FAKE_MODELS.recorded,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let text = '';
    const finishes: (string | null)[] = [];
    for await (const chunk of stream) {
      expect(chunk.object).toBe('chat.completion.chunk');
      text += chunk.choices[0]?.delta.content ?? '';
      finishes.push(chunk.choices[0]?.finish_reason ?? null);
    }
    expect(text).toBe(RECORDED_ANSWER);
    expect(finishes.at(-1)).toBe('stop');

    const split = await client.chat.completions.create({
      model: FAKE_MODELS.splitUtf8,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    let splitText = '';
    for await (const chunk of split) splitText += chunk.choices[0]?.delta.content ?? '';
    expect(splitText).toBe('é中😀文');

    const broken = await client.chat.completions.create({
      model: FAKE_MODELS.midError,
      messages: [{ role: 'user', content: 'hi' }],
      stream: true,
    });
    const reading = (async () => {
      for await (const _ of broken);
    })();
    await expect(reading).rejects.toThrow(/模型服务回答到一半出错了/);

    await expect(
      client.chat.completions.create({ model: FAKE_MODELS.hang, messages: [{ role: 'user', content: 'hi' }], stream: true }),
    ).rejects.toMatchObject({
      status: 504,
    });
  });
});

describe('chat proxy settings and quotas', () => {
  it('is off with a clear answer when unset', async () => {
    const off = await startAccountsServer();
    try {
      const config = (await off.call<ChatConfig>('GET', '/api/chat/config')).body.data;
      expect(config).toEqual({ enabled: false, models: [], quota: { limit: 20, used: 0 } });
      const res = await ask(FAKE_MODELS.recorded, { baseUrl: off.server.baseUrl });
      expect(res.status).toBe(503);
      expect((await envelope(res)).ext?.messages).toEqual([{ key: 'chat.disabled' }]);
    } finally {
      await off.close();
    }
  });

  it('refuses an upstream on a private address unless PROXY_ALLOW_PRIVATE is set', async () => {
    const strict = await startAccountsServer({ env: chatEnv(upstream, { PROXY_ALLOW_PRIVATE: 'false' }) });
    try {
      const calls = upstream.requests.length;
      const res = await ask(FAKE_MODELS.recorded, { baseUrl: strict.server.baseUrl });
      expect(res.status).toBe(502);
      expect((await envelope(res)).ext?.messages).toEqual([{ key: 'chat.upstreamFailed' }]);
      expect(upstream.requests.length).toBe(calls);
    } finally {
      await strict.close();
    }
  });

  it('counts visitors per address, users per account, and never the admin; the key is in no answer', async () => {
    const limited = await startAccountsServer({ env: chatEnv(upstream, { CHAT_DAILY_ANONYMOUS: '2', CHAT_DAILY_USER: '3' }) });
    const base = limited.server.baseUrl;
    const answers: string[] = [];
    const keep = async (res: Response) => {
      const text = await res.text();
      answers.push(text, JSON.stringify([...res.headers]));
      return { status: res.status, text };
    };
    try {
      const configOf = async (token?: string) => {
        const res = await fetch(`${base}/api/chat/config`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
        const text = await res.text();
        answers.push(text);
        return (JSON.parse(text) as { data: ChatConfig }).data;
      };
      expect(await configOf()).toEqual({ enabled: true, models: Object.values(FAKE_MODELS), quota: { limit: 2, used: 0 } });
      expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base }))).status).toBe(200);
      expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base }))).status).toBe(200);
      const third = await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base }));
      expect(third.status).toBe(429);
      expect(JSON.parse(third.text).ext.messages).toEqual([{ key: 'chat.dailyQuotaAnonymous', params: { limit: 2 } }]);
      expect((await configOf()).quota).toEqual({ limit: 2, used: 2 });

      const user = await limited.register('chatuser', 'chatuser@example.com');
      const other = await limited.register('chatother', 'chatother@example.com');
      for (let index = 0; index < 3; index += 1)
        expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base, token: user.accessToken }))).status).toBe(200);
      const fourth = await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base, token: user.accessToken }));
      expect(fourth.status).toBe(429);
      expect(JSON.parse(fourth.text).ext.messages).toEqual([{ key: 'chat.dailyQuota', params: { limit: 3 } }]);
      expect((await configOf(user.accessToken)).quota).toEqual({ limit: 3, used: 3 });
      // Another account on the same address has its own count.
      expect((await configOf(other.accessToken)).quota).toEqual({ limit: 3, used: 0 });
      expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base, token: other.accessToken }))).status).toBe(200);

      const admin = await limited.adminLogin();
      for (let index = 0; index < 4; index += 1)
        expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base, token: admin.accessToken }))).status).toBe(200);
      expect((await configOf(admin.accessToken)).quota).toEqual({ limit: null, used: 0 });

      // A token that is no longer good is a 401 (the client refreshes), not a visitor's quota.
      expect((await keep(await ask(FAKE_MODELS.recorded, { baseUrl: base, token: 'not-a-token' }))).status).toBe(401);
      for (const answer of answers) expect(answer).not.toContain(upstream.key);
    } finally {
      await limited.close();
    }
  });
});
