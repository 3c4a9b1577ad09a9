import { CHAT_REQUEST_MAX_BYTES } from '@shared/contracts/chat-base';
import type { ChatCompletionChunk, ChatCompletionRequest, ChatMessage, ChatStreamError } from '@shared/contracts/chat-base';
import { SseEventReader } from '@shared/chat/sse-events';
import type { ServerMessage } from '@shared/contracts/server-messages';

/**
 * Top-level Markdown blocks: split at blank lines outside fenced code and `$$` math. While an
 * answer streams, every block but the last is finished and is rendered once; only the last (the
 * tail) changes as deltas come.
 */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let math = false;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length && line.trim() === fenceMark) fence = undefined;
    } else if (fenceMark) fence = fenceMark;
    else if (line.trim() === '$$') math = !math;
    if (!fence && !math && line.trim() === '' && !/^ {0,3}(`{3,}|~{3,})/.test(line)) {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

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

/** The title of a new conversation: the start of its first question, on one line. */
export const titleOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
};

export interface ExportTexts {
  user: string;
  assistant: string;
}

/** A conversation as one Markdown document: a heading, then each turn under its speaker. */
export function conversationMarkdown(
  title: string,
  messages: readonly { role: 'user' | 'assistant'; content: string }[],
  texts: ExportTexts,
): string {
  const turns = messages.map((message) => `### ${message.role === 'user' ? texts.user : texts.assistant}\n\n${message.content.trim()}`);
  return `# ${title}\n\n${turns.join('\n\n')}\n`;
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
