import { describe, expect, it } from 'vitest';
import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import { ChatStreamFailure, fitRequest, readChatStream, refusalOf } from './chat-stream';
const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('fitRequest', () => {
  it('drops the oldest turns to stay under the cap, keeping the system prompt', () => {
    const long = 'x'.repeat(CHAT_REQUEST_MAX_BYTES / 3);
    const history = [
      { role: 'user' as const, content: long },
      { role: 'assistant' as const, content: long },
      { role: 'user' as const, content: long },
      { role: 'user' as const, content: 'last' },
    ];
    const request = fitRequest('m', 'be brief', history)!;
    expect(request.messages[0]).toEqual({ role: 'system', content: 'be brief' });
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'last' });
    expect(request.messages.length).toBe(4);
    expect(new TextEncoder().encode(JSON.stringify(request)).length).toBeLessThanOrEqual(CHAT_REQUEST_MAX_BYTES);
  });

  it('gives nothing when the last message alone is over the cap', () => {
    expect(fitRequest('m', undefined, [{ role: 'user', content: '字'.repeat(CHAT_REQUEST_MAX_BYTES / 3 + 10) }])).toBeUndefined();
  });
});

describe('readChatStream', () => {
  it('hands over deltas until [DONE]', async () => {
    const deltas: string[] = [];
    await readChatStream(streamOf(chunk('你'), chunk('好'), 'data: [DONE]\n\n'), (delta) => deltas.push(delta));
    expect(deltas).toEqual(['你', '好']);
  });

  it('fails with the error event’s message key, and on a stream cut before [DONE]', async () => {
    const error = `data: ${JSON.stringify({ error: { message: 'x', type: 'upstream_error', code: 'chat.idleTimeout', params: { seconds: 30 } } })}\n\n`;
    await expect(readChatStream(streamOf(chunk('a'), error), () => undefined)).rejects.toEqual(
      new ChatStreamFailure({ key: 'chat.idleTimeout', params: { seconds: 30 } }),
    );
    await expect(readChatStream(streamOf(chunk('a')), () => undefined)).rejects.toMatchObject({
      serverMessage: { key: 'chat.upstreamError' },
    });
  });
});

describe('refusalOf', () => {
  it('takes the envelope’s first message, else the status', async () => {
    const envelope = { ext: { messages: [{ key: 'chat.dailyQuota', params: { limit: 20 } }] } };
    await expect(refusalOf(new Response(JSON.stringify(envelope), { status: 429 }))).resolves.toEqual({
      key: 'chat.dailyQuota',
      params: { limit: 20 },
    });
    await expect(refusalOf(new Response('<html>bad gateway</html>', { status: 502 }))).resolves.toEqual({
      key: 'chat.upstreamStatus',
      params: { status: 502 },
    });
  });
});
