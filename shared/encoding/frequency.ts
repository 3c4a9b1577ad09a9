import { SIMPLIFIED_BY_RANK, TRADITIONAL_BY_RANK } from './frequency-table';

const HAN_START = 0x3400;
const HAN_END = 0x9fff;

export interface HanRanks {
  /** 1-based frequency rank of a Han character in Simplified text, 0 when not among the common ones. */
  simplified(codePoint: number): number;
  traditional(codePoint: number): number;
}

function buildTable(byRank: string): Uint16Array {
  const table = new Uint16Array(HAN_END - HAN_START + 1);
  let rank = 0;
  for (const char of byRank) {
    rank += 1;
    const cp = char.codePointAt(0) ?? 0;
    if (cp >= HAN_START && cp <= HAN_END && table[cp - HAN_START] === 0) table[cp - HAN_START] = rank;
  }
  return table;
}

let cached: HanRanks | undefined;

/** Built on first use (about 110 KB of lookup tables) so importing the detector stays cheap. */
export function hanRanks(): HanRanks {
  if (!cached) {
    const simplified = buildTable(SIMPLIFIED_BY_RANK);
    const traditional = buildTable(TRADITIONAL_BY_RANK);
    const lookup = (table: Uint16Array) => (cp: number) =>
      cp >= HAN_START && cp <= HAN_END ? (table[cp - HAN_START] ?? 0) : 0;
    cached = { simplified: lookup(simplified), traditional: lookup(traditional) };
  }
  return cached;
}
