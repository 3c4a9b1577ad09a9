import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import type { ChatCompletionChunk, ChatCompletionRequest, ChatMessage, ChatStreamError } from '@shared/contracts/chat-base';
import { account } from '@/platform';
import { SseEventReader } from '@shared/chat/sse-events';
import type { ServerMessage } from '@shared/contracts/server-messages';

const bytesOf = (request: ChatCompletionRequest) => new TextEncoder().encode(JSON.stringify(request)).length;

/**
 * The request for the next answer: the system prompt, then as many of the latest messages as fit
 * under the server's size cap (older turns are dropped first). Undefined when even the last
 * message alone is over the cap: the page says so instead of sending.
 */
export function fitRequest(model: string, system: string | undefined, history: readonly ChatMessage[]): ChatCompletionRequest | undefined {
  const head: ChatMessage[] = system ? [{ role: 'system', content: system }] : [];
  let kept = 0;
  for (let count = 1; count <= history.length; count += 1) {
    const request: ChatCompletionRequest = { model, messages: [...head, ...history.slice(-count)], stream: true };
    if (bytesOf(request) > CHAT_REQUEST_MAX_BYTES) break;
    kept = count;
  }
  if (kept === 0) return undefined;
  return { model, messages: [...head, ...history.slice(-kept)], stream: true };
}

/** An answer that ended with an error event (or a cut stream): the server's message to translate. */
export class ChatStreamFailure extends Error {
  constructor(readonly serverMessage: ServerMessage) {
    super(serverMessage.key);
    this.name = 'ChatStreamFailure';
  }
}

/**
 * Reads our SSE answer, handing each content delta to `onDelta`; resolves at `[DONE]`, rejects
 * with ChatStreamFailure on an error event or a stream that ends without `[DONE]`.
 */
export async function readChatStream(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void): Promise<void> {
  const reader = new SseEventReader();
  const source = body.getReader();
  const handle = (data: string): boolean => {
    if (data === '[DONE]') return true;
    const event = JSON.parse(data) as ChatCompletionChunk & Partial<ChatStreamError>;
    if (event.error) {
      const { code, params } = event.error;
      throw new ChatStreamFailure({ key: code as ServerMessage['key'], ...(params ? { params } : {}) });
    }
    const delta = event.choices?.[0]?.delta?.content;
    if (delta) onDelta(delta);
    return false;
  };
  try {
    for (;;) {
      const { done, value } = await source.read();
      for (const data of reader.push(done ? undefined : value)) if (handle(data)) return;
      if (done) throw new ChatStreamFailure({ key: 'chat.upstreamError' });
    }
  } finally {
    source.releaseLock();
  }
}

/** The server's refusal as a message: the envelope's first key, else the status. */
export async function refusalOf(response: Response): Promise<ServerMessage> {
  try {
    const body = (await response.json()) as { ext?: { messages?: ServerMessage[] } };
    const first = body.ext?.messages?.[0];
    if (first) return first;
  } catch {
    // Not our envelope (a proxy's error page): the status says enough.
  }
  return { key: 'chat.upstreamStatus', params: { status: response.status } };
}

/**
 * Asks our API for the answer to `request` and reads it, handing each delta to `onDelta`. An expired
 * access token is answered 401 first: an ordinary call refreshes it, then the request goes once more.
 * Rejects with ChatStreamFailure when the server refuses or the answer ends in an error.
 */
export async function streamAnswer(request: ChatCompletionRequest, signal: AbortSignal, onDelta: (text: string) => void): Promise<void> {
  const post = () =>
    account.fetchStream('/api/chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
      body: JSON.stringify(request),
      signal,
    });
  let response = await post();
  if (response.status === 401) {
    await account.get('/api/chat/config').catch(() => undefined);
    response = await post();
  }
  if (!response.ok || !response.body) throw new ChatStreamFailure(await refusalOf(response));
  await readChatStream(response.body, onDelta);
}
