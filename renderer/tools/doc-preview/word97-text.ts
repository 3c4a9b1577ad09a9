/**
 * The plain text of a Word 97–2003 .doc: the compound file's WordDocument stream and its piece
 * table (MS-DOC 2.4.1 "Retrieving Text"). No formatting, pictures or layout: enough to read and copy
 * what an old document says. npm's word-extractor does this for Node only (fs, Buffer, yauzl), so
 * this is the same algorithm in ~100 lines over a Uint8Array, runnable in the worker.
 */

const END = 0xfffffffe;
const FREE = 0xffffffff;

export class Word97Error extends Error {
  constructor(readonly code: 'notCfb' | 'notWord' | 'encrypted' | 'damaged') {
    super(code);
    this.name = 'Word97Error';
  }
}

function compoundFile(bytes: Uint8Array) {
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 512 || data.getUint32(0, true) !== 0xe011cfd0) throw new Word97Error('notCfb');
  const sectorSize = 1 << data.getUint16(0x1e, true);
  const miniSectorSize = 1 << data.getUint16(0x20, true);
  const miniCutoff = data.getUint32(0x38, true);
  const sectorAt = (sector: number) => (sector + 1) * sectorSize;
  const perSector = sectorSize / 4;

  const fatSectors: number[] = [];
  for (let index = 0; index < 109; index += 1) fatSectors.push(data.getUint32(0x4c + index * 4, true));
  for (let difat = data.getUint32(0x44, true), hops = 0; difat < END && hops < 100_000; hops += 1) {
    const at = sectorAt(difat);
    if (at + sectorSize > bytes.length) break;
    for (let index = 0; index < perSector - 1; index += 1) fatSectors.push(data.getUint32(at + index * 4, true));
    difat = data.getUint32(at + sectorSize - 4, true);
  }
  const fat: number[] = [];
  for (const sector of fatSectors) {
    if (sector >= END) continue;
    const at = sectorAt(sector);
    if (at + sectorSize > bytes.length) throw new Word97Error('damaged');
    for (let index = 0; index < perSector; index += 1) fat.push(data.getUint32(at + index * 4, true));
  }

  const chain = (start: number, table: number[]): number[] => {
    const sectors: number[] = [];
    for (let sector = start; sector !== END && sector !== FREE; sector = table[sector] ?? END) {
      if (sectors.length > table.length) throw new Word97Error('damaged');
      sectors.push(sector);
    }
    return sectors;
  };
  const readChain = (start: number, size: number): Uint8Array => {
    const out = new Uint8Array(size);
    let written = 0;
    for (const sector of chain(start, fat)) {
      if (written >= size) break;
      const at = sectorAt(sector);
      const part = bytes.subarray(at, Math.min(at + sectorSize, bytes.length, at + size - written));
      out.set(part, written);
      written += part.length;
    }
    if (written < size) throw new Word97Error('damaged');
    return out;
  };

  const directory = readChain(data.getUint32(0x30, true), chain(data.getUint32(0x30, true), fat).length * sectorSize);
  const view = new DataView(directory.buffer);
  const entries = new Map<string, { start: number; size: number }>();
  let root: { start: number; size: number } | undefined;
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const length = view.getUint16(at + 0x40, true);
    const type = directory[at + 0x42];
    if (type === 0 || length < 2 || length > 64) continue;
    const name = String.fromCharCode(...Array.from({ length: length / 2 - 1 }, (_, index) => view.getUint16(at + index * 2, true)));
    const entry = { start: view.getUint32(at + 0x74, true), size: view.getUint32(at + 0x78, true) };
    if (type === 5) root = entry;
    else entries.set(name, entry);
  }

  let mini: { stream: Uint8Array; fat: number[] } | undefined;
  const miniParts = () => {
    if (mini) return mini;
    if (!root) throw new Word97Error('damaged');
    const miniFatStart = data.getUint32(0x3c, true);
    const miniFatBytes = readChain(miniFatStart, chain(miniFatStart, fat).length * sectorSize);
    const miniView = new DataView(miniFatBytes.buffer);
    const table = Array.from({ length: miniFatBytes.length / 4 }, (_, index) => miniView.getUint32(index * 4, true));
    mini = { stream: readChain(root.start, root.size), fat: table };
    return mini;
  };

  return {
    has: (name: string) => entries.has(name),
    read(name: string): Uint8Array {
      const entry = entries.get(name);
      if (!entry) throw new Word97Error('notWord');
      if (entry.size >= miniCutoff) return readChain(entry.start, entry.size);
      const { stream, fat: miniFat } = miniParts();
      const out = new Uint8Array(entry.size);
      let written = 0;
      for (const sector of chain(entry.start, miniFat)) {
        const at = sector * miniSectorSize;
        const part = stream.subarray(at, Math.min(at + miniSectorSize, at + entry.size - written));
        out.set(part, written);
        written += part.length;
      }
      return out;
    },
  };
}

/** Field codes (between 0x13 and 0x14) are dropped, their results kept; Word's control marks become text breaks. */
function clean(raw: string): string {
  let out = '';
  let depth = 0;
  const inInstruction: boolean[] = [];
  for (const char of raw) {
    const code = char.charCodeAt(0);
    if (code === 0x13) {
      depth += 1;
      inInstruction[depth] = true;
    } else if (code === 0x14) {
      inInstruction[depth] = false;
    } else if (code === 0x15) {
      depth = Math.max(0, depth - 1);
    } else if (depth > 0 && inInstruction[depth]) {
      continue;
    } else if (char === '\r' || code === 0x0b || code === 0x0c) {
      out += '\n';
    } else if (code === 0x07) {
      out += '\t';
    } else if (code >= 0x20 || char === '\t') {
      out += char;
    }
  }
  return out
    .replace(/\t\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The main text of a Word 97–2003 document. Throws Word97Error for an encrypted, foreign or broken file. */
export function wordDocumentText(bytes: Uint8Array): string {
  const file = compoundFile(bytes);
  const word = file.read('WordDocument');
  if (word.length < 0x1aa) throw new Word97Error('damaged');
  const fib = new DataView(word.buffer, word.byteOffset, word.byteLength);
  if (fib.getUint16(0, true) !== 0xa5ec) throw new Word97Error('notWord');
  const flags = fib.getUint16(0x0a, true);
  if (flags & 0x0100) throw new Word97Error('encrypted');
  const table = file.read(flags & 0x0200 ? '1Table' : '0Table');
  const ccpText = fib.getUint32(0x4c, true);
  const fcClx = fib.getUint32(0x1a2, true);
  const lcbClx = fib.getUint32(0x1a6, true);
  if (fcClx + lcbClx > table.length) throw new Word97Error('damaged');
  const clx = new DataView(table.buffer, table.byteOffset + fcClx, lcbClx);

  let at = 0;
  while (at < lcbClx && clx.getUint8(at) === 0x01) at += 3 + clx.getUint16(at + 1, true);
  if (at >= lcbClx || clx.getUint8(at) !== 0x02) throw new Word97Error('damaged');
  const lcb = clx.getUint32(at + 1, true);
  const plc = at + 5;
  const pieces = (lcb - 4) / 12;
  if (!Number.isInteger(pieces) || plc + lcb > lcbClx) throw new Word97Error('damaged');

  const cp1252 = new TextDecoder('windows-1252');
  const utf16 = new TextDecoder('utf-16le');
  let text = '';
  for (let index = 0; index < pieces && text.length < ccpText; index += 1) {
    const cpStart = clx.getUint32(plc + index * 4, true);
    const cpEnd = clx.getUint32(plc + (index + 1) * 4, true);
    const count = Math.min(cpEnd - cpStart, ccpText - text.length);
    const fcValue = clx.getUint32(plc + (pieces + 1) * 4 + index * 8 + 2, true);
    const compressed = (fcValue & 0x40000000) !== 0;
    const fc = fcValue & 0x3fffffff;
    const start = compressed ? fc / 2 : fc;
    const end = start + (compressed ? count : count * 2);
    if (count < 0 || end > word.length) throw new Word97Error('damaged');
    text += (compressed ? cp1252 : utf16).decode(word.subarray(start, end));
  }
  return clean(text);
}
