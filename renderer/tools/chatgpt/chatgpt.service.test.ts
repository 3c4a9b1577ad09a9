import { describe, expect, it } from 'vitest';
import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import { ChatStreamFailure, conversationMarkdown, fitRequest, readChatStream, splitBlocks, titleOf } from './chatgpt.service';

const streamOf = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

const chunk = (content: string) =>
  `data: ${JSON.stringify({ object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;

describe('splitBlocks', () => {
  it('splits at blank lines but keeps fenced code and $$ math whole', () => {
    const text = 'para one\nline two\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n$$\nx\n\ny\n$$\n\n- item\n- item';
    expect(splitBlocks(text)).toEqual([
      'para one\nline two',
      '```js\nconst a = 1;\n\nconst b = 2;\n```',
      '$$\nx\n\ny\n$$',
      '- item\n- item',
    ]);
  });

  it('keeps an unclosed fence (still streaming) in the tail block', () => {
    expect(splitBlocks('intro\n\n```\ncode\n\nmore')).toEqual(['intro', '```\ncode\n\nmore']);
  });

  it('leaves earlier blocks unchanged as the text grows, so they render once', () => {
    const grown = splitBlocks('a\n\nb\n\nc is grow');
    expect(splitBlocks('a\n\nb\n\nc is growing').slice(0, 2)).toEqual(grown.slice(0, 2));
  });
});

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

describe('conversation export', () => {
  it('writes a title and each turn under its speaker', () => {
    const markdown = conversationMarkdown(
      '问候',
      [
        { role: 'user', content: '你好' },
        { role: 'assistant', content: '**你好！**\n' },
      ],
      { user: '我', assistant: '助手' },
    );
    expect(markdown).toBe('# 问候\n\n### 我\n\n你好\n\n### 助手\n\n**你好！**\n');
  });

  it('titles a conversation by the start of its first question', () => {
    expect(titleOf('  how\ndo I\tsort  ')).toBe('how do I sort');
    expect(titleOf('a'.repeat(40))).toBe(`${'a'.repeat(30)}…`);
  });
});
