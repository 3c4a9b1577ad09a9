/**
 * How common a Han character is, read off the legacy standards themselves: GB2312 splits its
 * hanzi into level 1 (3,755 常用字, rows 0xB0–0xD7) and level 2 (3,008 次常用字, rows 0xD8–0xF7),
 * Big5 into 常用字 (5,401, 0xA440–0xC67E) and 次常用字 (7,652, 0xC940–0xF9D5). Both standards chose
 * their first level by frequency of use, which is all the detector needs: the right decoding of
 * real text lands almost entirely in level 1, a wrong one scatters over everything. Decoding the
 * byte ranges with TextDecoder needs no data file (and no third-party frequency list's licence).
 */
export type HanTier = 0 | 1 | 2;

export interface HanTiers {
  /** 1 for GB2312 level 1, 2 for level 2, 0 for every other Han character. */
  simplified(codePoint: number): HanTier;
  /** 1 for Big5 常用字, 2 for 次常用字, 0 otherwise. */
  traditional(codePoint: number): HanTier;
}

function decodeRange(label: string, leads: [number, number], trails: [number, number][], last?: [number, number]): string {
  const bytes: number[] = [];
  for (let lead = leads[0]; lead <= leads[1]; lead++) {
    for (const [from, to] of trails) {
      for (let trail = from; trail <= to; trail++) {
        if (last && (lead > last[0] || (lead === last[0] && trail > last[1]))) continue;
        bytes.push(lead, trail);
      }
    }
  }
  return new TextDecoder(label).decode(new Uint8Array(bytes));
}

const GB_TRAILS: [number, number][] = [[0xa1, 0xfe]];
const BIG5_TRAILS: [number, number][] = [
  [0x40, 0x7e],
  [0xa1, 0xfe],
];

/** The characters of a level, for tests that need realistic text in a legacy encoding. */
export function commonHan(script: 'simplified' | 'traditional'): string {
  return script === 'simplified'
    ? decodeRange('gbk', [0xb0, 0xd7], GB_TRAILS, [0xd7, 0xf9])
    : decodeRange('big5', [0xa4, 0xc6], BIG5_TRAILS, [0xc6, 0x7e]);
}

function tierTable(level1: string, level2: string): Map<number, HanTier> {
  const table = new Map<number, HanTier>();
  for (const char of level2) table.set(char.codePointAt(0) ?? 0, 2);
  for (const char of level1) table.set(char.codePointAt(0) ?? 0, 1);
  table.delete(0xfffd);
  return table;
}

let cached: HanTiers | undefined;

/** Built on first use (two decodes of about 26 KB) so importing the detector stays cheap. */
export function hanTiers(): HanTiers {
  if (!cached) {
    const simplified = tierTable(commonHan('simplified'), decodeRange('gbk', [0xd8, 0xf7], GB_TRAILS));
    const traditional = tierTable(commonHan('traditional'), decodeRange('big5', [0xc9, 0xf9], BIG5_TRAILS, [0xf9, 0xd5]));
    cached = {
      simplified: (cp) => simplified.get(cp) ?? 0,
      traditional: (cp) => traditional.get(cp) ?? 0,
    };
  }
  return cached;
}
