/**
 * The archive bench's generated corpus, made the same way in the page and in Node: about 100 MB
 * of what people zip. Text-like data (logs, JSON, CSV, source-ish lines built from a small
 * vocabulary: compresses 4–8×), already-compressed bytes (random: photos, videos, archives), many
 * small files and a few big ones.
 */

export interface CorpusFile {
  path: string;
  bytes: Uint8Array<ArrayBuffer>;
}

const WORDS =
  'the of and to in is for on that with as by at from this be are or an it not was which have all can will more about one new data user file time value name id status error info request response page server client 压缩 文件 用户 数据 时间 成功 失败 请求'.split(
    ' ',
  );

function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const encoder = new TextEncoder();

function text(size: number, seed: number, kind: 'log' | 'json' | 'csv'): Uint8Array<ArrayBuffer> {
  const random = rng(seed);
  const word = () => WORDS[Math.floor(random() * WORDS.length)]!;
  const parts: string[] = [];
  let length = 0;
  for (let line = 0; length < size; line++) {
    let row: string;
    if (kind === 'log')
      row = `2024-05-${String(1 + (line % 28)).padStart(2, '0')} 12:${String(line % 60).padStart(2, '0')}:07 INFO [${word()}] ${word()} ${word()} ${word()} id=${Math.floor(random() * 100000)} took=${Math.floor(random() * 900)}ms\n`;
    else if (kind === 'json')
      row = `{"id":${line},"name":"${word()} ${word()}","status":"${word()}","score":${(random() * 100).toFixed(2)},"tags":["${word()}","${word()}"]},\n`;
    else row = `${line},${word()},${word()},${Math.floor(random() * 1e6)},${(random() * 1000).toFixed(3)}\n`;
    parts.push(row);
    length += row.length;
  }
  const bytes = encoder.encode(parts.join(''));
  return bytes.slice(0, size);
}

function randomBytes(size: number, seed: number): Uint8Array<ArrayBuffer> {
  const words = new Uint32Array(Math.ceil(size / 4));
  let x = seed >>> 0 || 1;
  for (let index = 0; index < words.length; index++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[index] = x;
  }
  return new Uint8Array(words.buffer, 0, size);
}

const MB = 1024 * 1024;

export function makeCorpus(): CorpusFile[] {
  const files: CorpusFile[] = [];
  // A few big files: two logs, one JSON export, one CSV (48 MB of text).
  files.push({ path: 'logs/server-2024-05.log', bytes: text(16 * MB, 1, 'log') });
  files.push({ path: 'logs/client-2024-05.log', bytes: text(8 * MB, 2, 'log') });
  files.push({ path: 'export/orders.json', bytes: text(12 * MB, 3, 'json') });
  files.push({ path: 'export/表格.csv', bytes: text(12 * MB, 4, 'csv') });
  // Already compressed: media and archives (32 MB).
  files.push({ path: 'media/video.mp4', bytes: randomBytes(16 * MB, 5) });
  files.push({ path: 'media/photos.zip', bytes: randomBytes(8 * MB, 6) });
  for (let index = 0; index < 16; index++)
    files.push({ path: `media/照片/IMG_${1000 + index}.jpg`, bytes: randomBytes(512 * 1024, 100 + index) });
  // Many small files: 4000 of 2–8 KB, mostly text, some binary (about 20 MB).
  const random = rng(7);
  for (let index = 0; index < 4000; index++) {
    const size = 2048 + Math.floor(random() * 6144);
    const folder = `src/module-${index % 40}`;
    files.push(
      index % 10 === 9
        ? { path: `${folder}/asset-${index}.bin`, bytes: randomBytes(size, 1000 + index) }
        : { path: `${folder}/file-${index}.txt`, bytes: text(size, 1000 + index, index % 2 ? 'json' : 'log') },
    );
  }
  return files;
}
