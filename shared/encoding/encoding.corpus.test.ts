import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeAll } from './decode';
import { detectEncoding } from './detect';
import { isEncodingName, type EncodingName } from './names';

const corpusDir = resolve(process.env.CORPUS_DIR ?? resolve(import.meta.dirname, '../../../shared/corpus'));
const corpusPresent = existsSync(join(corpusDir, 'MANIFEST.tsv'));
if (!corpusPresent) console.info(`encoding corpus accuracy skipped: no corpus at ${corpusDir} (set CORPUS_DIR)`);

const OVERALL_TARGET = 0.99;
const BIG5_TARGET = 0.95;

interface Row {
  path: string;
  encoding: string;
  accept: string[];
}

function readRows(): Row[] {
  const [header = '', ...lines] = readFileSync(join(corpusDir, 'MANIFEST.tsv'), 'utf8').trim().split('\n');
  const columns = header.split('\t');
  const col = (row: string[], name: string) => row[columns.indexOf(name)] ?? '-';
  return lines
    .map((line) => line.split('\t'))
    .filter((row) => col(row, 'encoding') !== '-')
    .map((row) => ({
      path: col(row, 'path'),
      encoding: col(row, 'encoding'),
      accept: col(row, 'encoding_accept').split('|'),
    }));
}

/** Our names are the MANIFEST's spellings; only case may differ. */
function isAccepted(answer: string, row: Row): boolean {
  const a = answer.toLowerCase();
  return [row.encoding, ...row.accept].some((name) => name.toLowerCase() === a);
}

/** MANIFEST spellings that are another name of one of ours. */
const ALIASES: Record<string, EncodingName> = { GB2312: 'GBK', CP949: 'EUC-KR', CP932: 'Shift_JIS', CP950: 'Big5' };

function truthName(row: Row): EncodingName | undefined {
  const name = ALIASES[row.encoding] ?? row.encoding;
  return isEncodingName(name) ? name : undefined;
}

/**
 * Some files read identically in two encodings (a Greek text with no byte where windows-1253 and
 * ISO-8859-7 differ). No detector can tell which one the author used, and converting with either
 * gives the same UTF-8; such an answer counts as equivalent, and both figures are printed.
 */
function isEquivalent(answer: string, row: Row, bytes: Uint8Array): boolean {
  const truth = truthName(row);
  if (!truth || !isEncodingName(answer)) return false;
  return decodeAll(bytes, answer) === decodeAll(bytes, truth);
}

describe.skipIf(!corpusPresent)('detectEncoding on the real-file corpus (MANIFEST ground truth)', () => {
  it(`names ≥ ${OVERALL_TARGET * 100} % of text files right, Big5 ≥ ${BIG5_TARGET * 100} %`, () => {
    const rows = readRows();
    expect(rows.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    const equivalentOnly: string[] = [];
    const confusion = new Map<string, Map<string, number>>();
    let big5 = 0;
    let big5Right = 0;
    for (const row of rows) {
      const bytes = new Uint8Array(readFileSync(join(corpusDir, row.path)));
      const { encoding, confidence } = detectEncoding(bytes);
      const named = isAccepted(encoding, row);
      const right = named || isEquivalent(encoding, row, bytes);
      const line = `${row.path}: expected ${row.encoding}, got ${encoding} (${confidence})`;
      if (!right) wrong.push(line);
      else if (!named) equivalentOnly.push(line);
      const answers = confusion.get(row.encoding) ?? new Map<string, number>();
      answers.set(encoding, (answers.get(encoding) ?? 0) + 1);
      confusion.set(row.encoding, answers);
      if (row.encoding === 'Big5') {
        big5++;
        if (right) big5Right++;
      }
    }
    const accuracy = (rows.length - wrong.length) / rows.length;
    const strict = rows.length - wrong.length - equivalentOnly.length;
    const summary = [...confusion]
      .map(([truth, answers]) => `${truth} → ${[...answers].map(([a, n]) => `${a}×${n}`).join(', ')}`)
      .join('\n');
    console.info(
      `encoding accuracy ${(accuracy * 100).toFixed(1)} % (${rows.length - wrong.length}/${rows.length}; ` +
        `by name alone ${strict}/${rows.length} = ${((strict / rows.length) * 100).toFixed(1)} %), Big5 ${big5Right}/${big5}\n` +
        summary +
        (equivalentOnly.length ? `\nsame text, other name:\n${equivalentOnly.join('\n')}` : '') +
        (wrong.length ? `\nwrong:\n${wrong.join('\n')}` : ''),
    );
    expect(accuracy, wrong.join('\n')).toBeGreaterThanOrEqual(OVERALL_TARGET);
    expect(big5Right / big5).toBeGreaterThanOrEqual(BIG5_TARGET);
  });
});
