import { once } from 'node:events';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { API_CODE } from '@shared/contracts/api';
import type { ChatCompletionRequest, ChatStreamError } from '@shared/contracts/chat-base';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { legacyMessageText } from '@shared/contracts/server-messages';
import { SseEventReader } from '@shared/chat/sse-events';
import { HttpError } from '../../http/http-error';
import { outboundRequest } from '../../http/outbound/outbound-request';
import type { OutboundResponse } from '../../http/outbound/outbound-request';
import type { Logger } from '../../logger';
import type { ChatConfig, ChatUpstream } from './chat-config';

/** Why the answer stopped early; each has its visitor message. */
type Stop = 'firstByte' | 'idle' | 'client';

const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/**
 * One answer from the upstream to the page. Nothing the upstream says about itself is passed on —
 * no header, no error body (a provider may quote the key back in one) — only the chunks it streams,
 * re-serialised one event each, then our `[DONE]`. Until the first chunk arrives a failure is an
 * ordinary JSON error; after it, one error event ends the stream.
 */
export async function streamChat(
  request: ChatCompletionRequest,
  res: Response,
  {
    upstream,
    config,
    allowPrivate,
    logger,
  }: {
    upstream: ChatUpstream;
    config: ChatConfig;
    allowPrivate: boolean;
    logger: Logger;
  },
): Promise<void> {
  const abort = new AbortController();
  let stop: Stop | undefined;
  const stopWith = (reason: Stop) => {
    stop ??= reason;
    abort.abort();
  };
  // The page went away or pressed stop: the upstream request ends with it (and costs nothing more).
  res.on('close', () => {
    if (!res.writableFinished) stopWith('client');
  });
  let timer = setTimeout(() => stopWith('firstByte'), config.firstByteTimeoutMs);
  const wait = (ms: number, reason: Stop) => {
    clearTimeout(timer);
    timer = setTimeout(() => stopWith(reason), ms);
  };

  const body = Buffer.from(
    JSON.stringify({
      model: request.model,
      messages: request.messages,
      stream: true,
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    }),
  );
  const failure = (error: unknown): ServerMessage => {
    if (stop === 'firstByte') return { key: 'chat.firstByteTimeout', params: { seconds: seconds(config.firstByteTimeoutMs) } };
    if (stop === 'idle') return { key: 'chat.idleTimeout', params: { seconds: seconds(config.idleTimeoutMs) } };
    logger.info({ reason: error instanceof Error ? error.message : String(error) }, 'chat upstream failed');
    return { key: 'chat.upstreamFailed' };
  };

  let started = false;
  try {
    let answer: OutboundResponse;
    try {
      answer = await outboundRequest(
        {
          url: `${upstream.base}/chat/completions`,
          method: 'POST',
          headers: {
            authorization: `Bearer ${upstream.key}`,
            'content-type': 'application/json',
            'content-length': String(body.length),
            accept: 'text/event-stream',
            'user-agent': 'Baibao-Chat/1',
          },
          body: Readable.from([body]),
          signal: abort.signal,
        },
        {
          allowPrivate,
          // Our own timers decide first byte and silence; this is only the socket's backstop.
          timeoutMs: config.firstByteTimeoutMs + config.idleTimeoutMs,
          maxResponseBytes: config.maxResponseBytes,
          maxRedirects: 0,
        },
      );
    } catch (error) {
      if (stop === 'client') return;
      const message = failure(error);
      throw new HttpError(stop ? 504 : 502, API_CODE.BAD_REQUEST, message);
    }
    if (answer.status < 200 || answer.status > 299) {
      abort.abort();
      throw new HttpError(502, API_CODE.BAD_REQUEST, { key: 'chat.upstreamStatus', params: { status: answer.status } });
    }

    const reader = new SseEventReader();
    let finished = false;
    const send = async (data: string) => {
      if (!res.write(`data: ${data}\n\n`)) await once(res, 'drain', { signal: abort.signal });
    };
    const handle = async (data: string): Promise<'done' | 'more'> => {
      if (data === '[DONE]') return 'done';
      let chunk: unknown;
      try {
        chunk = JSON.parse(data);
      } catch {
        throw new StreamFault({ key: 'chat.badUpstreamStream' });
      }
      if (typeof chunk !== 'object' || chunk === null) throw new StreamFault({ key: 'chat.badUpstreamStream' });
      if ('error' in chunk) throw new StreamFault({ key: 'chat.upstreamError' });
      if (!started) {
        started = true;
        res.status(200);
        res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        // no-transform: the compression middleware leaves it alone, so every event leaves at once.
        res.setHeader('Cache-Control', 'no-store, no-transform');
        res.setHeader('X-Accel-Buffering', 'no');
        res.flushHeaders();
      }
      const choices = (chunk as { choices?: { finish_reason?: unknown }[] }).choices;
      if (Array.isArray(choices) && choices.some((choice) => typeof choice?.finish_reason === 'string')) finished = true;
      await send(JSON.stringify(chunk));
      return 'more';
    };

    let done = false;
    try {
      for await (const bytes of answer.body) {
        // Bytes that complete no event (keep-alive comments) do not count as the answer starting.
        if (started) wait(config.idleTimeoutMs, 'idle');
        for (const data of reader.push(bytes)) {
          if ((await handle(data)) === 'done') {
            done = true;
            break;
          }
          wait(config.idleTimeoutMs, 'idle');
        }
        if (done) break;
      }
      if (!done) for (const data of reader.push()) if ((await handle(data)) === 'done') done = true;
    } catch (error) {
      if (stop === 'client') return;
      const message = error instanceof StreamFault ? error.serverMessage : failure(error);
      if (!started) throw new HttpError(stop ? 504 : 502, API_CODE.BAD_REQUEST, message);
      await endWithError(res, message);
      return;
    }
    // Some servers end without [DONE] after the last choice; an answer without a finish is cut off.
    if (!done && !finished) {
      if (!started) throw new HttpError(502, API_CODE.BAD_REQUEST, { key: 'chat.upstreamError' });
      await endWithError(res, { key: 'chat.upstreamError' });
      return;
    }
    if (!started) throw new HttpError(502, API_CODE.BAD_REQUEST, { key: 'chat.badUpstreamStream' });
    res.end('data: [DONE]\n\n');
  } finally {
    clearTimeout(timer);
    // Stops reading the upstream's body whatever happened (after [DONE] it may still hold the socket).
    abort.abort();
  }
}

class StreamFault extends Error {
  constructor(readonly serverMessage: ServerMessage) {
    super(serverMessage.key);
  }
}

/** The OpenAI clients' error event: `message` in both languages, `code` the key the page translates. */
async function endWithError(res: Response, message: ServerMessage): Promise<void> {
  const event: ChatStreamError = {
    error: {
      message: legacyMessageText([message]),
      type: 'upstream_error',
      code: message.key,
      ...(message.params ? { params: message.params } : {}),
    },
  };
  await new Promise<void>((resolve) => res.end(`data: ${JSON.stringify(event)}\n\n`, resolve));
}
