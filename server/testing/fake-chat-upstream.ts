import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * An OpenAI-compatible chat-completions server for the chat proxy's tests and e2e. The request's
 * `model` picks what it replays; every answer is built from frames in the shape OpenAI's API
 * streams (`chat.completion.chunk`, role first, content deltas, a finish, `[DONE]`).
 */
export const FAKE_CHAT_KEY = 'sk-fake-upstream-key-0123456789abcdef';

export const FAKE_MODELS = {
  /** A recorded answer, sent in 7-byte pieces (so UTF-8 characters and frames are cut anywhere). */
  recorded: 'fake-recorded',
  /** Characters of 2, 3 and 4 bytes, each split between two network writes. */
  splitUtf8: 'fake-split-utf8',
  /** Two deltas, then the provider's error event quoting the key. */
  midError: 'fake-mid-error',
  /** 20 deltas, one every 40 ms. */
  drip: 'fake-drip',
  /** A delta every 20 ms until the caller goes away. */
  endless: 'fake-endless',
  /** Accepts the request and never answers. */
  hang: 'fake-hang',
  /** One delta, then silence. */
  hangMidway: 'fake-hang-midway',
  /** 401 with the key quoted in the body, as some providers do. */
  refused: 'fake-refused',
  /** 5,000 tokens of Markdown (paragraphs, a list, code, math) in bursts of 25 frames every 5 ms. */
  long: 'fake-long',
} as const;

/** The recorded answer's text. */
export const RECORDED_ANSWER = '你好！我是百宝箱的助手。\n\n- 第一点：`code`\n- Second: **bold** 🎉';

const ID = 'chatcmpl-AbC123fakeRecorded';

/** The frames of an answer in OpenAI's wire format, `[DONE]` included. */
export function answerFrames(model: string, deltas: readonly string[]): string[] {
  const frame = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({
      id: ID,
      object: 'chat.completion.chunk',
      created: 1_764_300_000,
      model,
      system_fingerprint: 'fp_fake',
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    })}\n\n`;
  return [
    frame({ role: 'assistant', content: '', refusal: null }, null),
    ...deltas.map((content) => frame({ content }, null)),
    frame({}, 'stop'),
    'data: [DONE]\n\n',
  ];
}

/** Splits a text into tokens of a few characters, as a model's deltas come. */
export const tokens = (text: string): string[] => text.match(/[\s\S]{1,3}/gu) ?? [];

/** Markdown of about `count` 3-character tokens: paragraphs, lists, fenced code and math. */
export function longMarkdown(count: number): string {
  const blocks: string[] = [];
  for (let index = 0; blocks.join('\n\n').length < count * 3; index += 1) {
    if (index % 4 === 0)
      blocks.push(`## 第 ${index} 节\n\n这是一段用来测试流式渲染的文字，包含 **粗体**、*斜体* 和 \`行内代码\`。第 ${index} 段。`);
    else if (index % 4 === 1) blocks.push(`- 列表项 ${index}\n- 另一项 $a^2+b^2=c^2$\n- 第三项`);
    else if (index % 4 === 2)
      blocks.push(`\`\`\`ts\nconst value${index} = [1, 2, 3].map((n) => n * ${index});\nconsole.log(value${index});\n\`\`\``);
    else blocks.push(`$$\n\\sum_{k=1}^{${index}} k = \\frac{${index}(${index}+1)}{2}\n$$`);
  }
  return blocks.join('\n\n');
}

export interface FakeChatRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
  /** Resolves when the proxy closed the connection (or the answer ended). */
  closed: Promise<void>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeChatUpstream() {
  const requests: FakeChatRequest[] = [];

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
    let gone = false;
    const closed = new Promise<void>((resolve) =>
      res.on('close', () => {
        gone = true;
        resolve();
      }),
    );
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return void res.writeHead(404).end();
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
    requests.push({ authorization: req.headers.authorization, body, closed });
    if (req.headers.authorization !== `Bearer ${FAKE_CHAT_KEY}` || body.model === FAKE_MODELS.refused) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${FAKE_CHAT_KEY}`, type: 'invalid_request_error' } }));
      return;
    }
    const model = String(body.model);
    if (model === FAKE_MODELS.hang) return;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'set-cookie': 'upstream=1' });
    const write = (text: string | Uint8Array) => !gone && res.write(text);
    switch (model) {
      case FAKE_MODELS.recorded: {
        const bytes = Buffer.from(answerFrames(model, tokens(RECORDED_ANSWER)).join(''));
        for (let at = 0; at < bytes.length; at += 7) write(bytes.subarray(at, at + 7));
        return void res.end();
      }
      case FAKE_MODELS.splitUtf8: {
        for (const frame of answerFrames(model, ['é', '中', '😀', '文'])) {
          const bytes = Buffer.from(frame);
          // Cut inside the last multi-byte character of the frame, if any.
          const cut = bytes.findLastIndex((byte) => byte >= 0x80);
          write(bytes.subarray(0, cut > 0 ? cut : bytes.length));
          await pause(5);
          if (cut > 0) write(bytes.subarray(cut));
        }
        return void res.end();
      }
      case FAKE_MODELS.midError: {
        const [role, first, second] = answerFrames(model, ['部分', '回答']);
        write(role! + first! + second!);
        await pause(20);
        write(`data: ${JSON.stringify({ error: { message: `Rate limit for key ${FAKE_CHAT_KEY}`, type: 'server_error' } })}\n\n`);
        return void res.end();
      }
      case FAKE_MODELS.drip:
        for (const frame of answerFrames(model, tokens('一滴一滴慢慢地流出来的回答，共二十个片段，每段都要等一会儿才到达。'))) {
          write(frame);
          await pause(40);
        }
        return void res.end();
      case FAKE_MODELS.endless: {
        const [role] = answerFrames(model, []);
        write(role!);
        for (let index = 0; !gone; index += 1) {
          write(answerFrames(model, [`${index} `])[1]!);
          await pause(20);
        }
        return;
      }
      case FAKE_MODELS.hangMidway:
        write(answerFrames(model, ['开始'])[1]!);
        return;
      case FAKE_MODELS.long: {
        const frames = answerFrames(model, tokens(longMarkdown(5000)));
        for (let at = 0; at < frames.length && !gone; at += 25) {
          write(frames.slice(at, at + 25).join(''));
          await pause(5);
        }
        return void res.end();
      }
      default:
        return void res.end(answerFrames(model, tokens(`echo: ${model}`)).join(''));
    }
  }

  const server = createServer((req, res) => {
    answer(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    key: FAKE_CHAT_KEY,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeChatUpstream = Awaited<ReturnType<typeof startFakeChatUpstream>>;
