// The encoding half of `npm run bench` (`BENCH_ONLY=encoding`): detectEncoding on 64 KB samples of
// each kind of text, against a plain TextDecoder decode of the same bytes measured in the same run.
// Measured, not asserted (target ≤ 5 ms per 64 KB); see bench/README.md.
import iconv from 'iconv-lite';
import { detectEncoding, SAMPLE_BYTES } from '@shared/encoding/detect';
import { decodeAll } from '@shared/encoding/decode';
import type { EncodingName } from '@shared/encoding/names';

const TARGET_MS = 5;
const ITERATIONS = 30;

const PARAGRAPHS: Record<string, string> = {
  zhs: '春天来了，公园里的花都开了。孩子们在草地上奔跑，老人坐在长椅上聊天。我们决定周末去郊外爬山，顺便看看新修的水库。\n',
  zht: '春天來了，公園裡的花都開了。孩子們在草地上奔跑，老人坐在長椅上聊天。我們決定週末去郊外爬山，順便看看新修的水庫。\n',
  ja: '今日はとても良い天気ですね。駅の近くに新しいパン屋ができたので、帰りに寄ってみようと思います。\n',
  ko: '오늘은 날씨가 정말 좋네요. 역 근처에 새로운 빵집이 생겨서 퇴근길에 들러 보려고 합니다.\n',
  ru: 'Вчера вечером мы гуляли по набережной и обсуждали планы на лето. Погода была тёплой.\n',
  fr: "L'été dernier, nous sommes allés à la mer avec des amis. Le café était très bon — « délicieux ».\n",
  en: 'The quick brown fox jumps over the lazy dog while the committee reviews the quarterly report.\n',
};

const CASES: ReadonlyArray<[label: string, text: keyof typeof PARAGRAPHS, iconvName: string, ours: EncodingName]> = [
  ['ASCII (English)', 'en', 'ascii', 'ASCII'],
  ['UTF-8 (Chinese)', 'zhs', 'utf8', 'UTF-8'],
  ['GBK', 'zhs', 'gbk', 'GBK'],
  ['Big5', 'zht', 'big5', 'Big5'],
  ['Shift_JIS', 'ja', 'shift_jis', 'Shift_JIS'],
  ['EUC-KR', 'ko', 'euc-kr', 'EUC-KR'],
  ['windows-1251 (Russian)', 'ru', 'win1251', 'windows-1251'],
  ['windows-1252 (French)', 'fr', 'win1252', 'windows-1252'],
];

function sample(text: string, encoding: string): Uint8Array {
  const once = iconv.encode(text, encoding);
  const bytes = iconv.encode(text.repeat(Math.ceil(SAMPLE_BYTES / once.length) + 1), encoding);
  return new Uint8Array(bytes.subarray(0, SAMPLE_BYTES));
}

function msPerCall(run: () => unknown): number {
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    for (let i = 0; i < ITERATIONS; i++) run();
    best = Math.min(best, (performance.now() - start) / ITERATIONS);
  }
  return best;
}

/** Prints the table; asserts nothing. */
export function encodingBench(): void {
  console.log(`\nencoding: detectEncoding per 64 KB sample vs TextDecoder decoding it, Node ${process.version}`);
  const coldStart = performance.now();
  detectEncoding(sample(PARAGRAPHS.ru ?? '', 'win1251'));
  console.log(`first call (builds tables, loads jschardet's model): ${(performance.now() - coldStart).toFixed(1)} ms\n`);
  console.log(
    `${'sample'.padEnd(26)}${'verdict'.padEnd(16)}${'detect ms'.padStart(10)}${'decode ms'.padStart(11)}${'ratio'.padStart(8)}  target`,
  );
  for (const [label, text, iconvName, ours] of CASES) {
    const bytes = sample(PARAGRAPHS[text] ?? '', iconvName);
    const verdict = detectEncoding(bytes).encoding;
    const detect = msPerCall(() => detectEncoding(bytes));
    const decode = msPerCall(() => decodeAll(bytes, ours));
    const ok = detect <= TARGET_MS ? 'ok' : 'MISSED';
    console.log(
      `${label.padEnd(26)}${verdict.padEnd(16)}${detect.toFixed(2).padStart(10)}${decode.toFixed(2).padStart(11)}${(detect / decode).toFixed(1).padStart(7)}×  ${ok}`,
    );
  }
}
