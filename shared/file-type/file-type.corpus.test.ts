/**
 * Accuracy over the real-file corpus (../shared/corpus, or CORPUS_DIR): every MANIFEST row is
 * identified and compared with libmagic (`file --mime-type` 5.44, recorded in the MANIFEST) and with
 * the ground truth. Target: ≥ 95 % agreement with libmagic as defined in ./agreement.ts and
 * docs/file-type-identify.md. Skips with a note when the corpus is absent.
 */
import { existsSync, openAsBlob, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compare, libmagicAgreement } from './agreement';
import { identify } from './identify';
import type { Identification } from './identify';

const root = resolve(import.meta.dirname, '../..');
const corpus = resolve(root, process.env.CORPUS_DIR ?? '../shared/corpus');
const manifest = join(corpus, 'MANIFEST.tsv');
const present = existsSync(manifest);
if (!present) console.info(`file-type corpus accuracy: skipped, no corpus at ${corpus} (set CORPUS_DIR)`);

const LIBMAGIC_TARGET = 0.95;

interface Row {
  readonly path: string;
  readonly category: string;
  readonly mime: string;
  readonly libmagic: string;
  readonly libmagicAgrees: string;
  readonly notes: string;
}

function rows(): Row[] {
  const [header, ...lines] = readFileSync(manifest, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const column = (name: string) => header!.indexOf(name);
  return lines.map((cells) => ({
    path: cells[column('path')]!,
    category: cells[column('category')]!,
    mime: cells[column('mime')]!,
    libmagic: cells[column('libmagic_mime')]!,
    libmagicAgrees: cells[column('libmagic_agrees')]!,
    notes: cells[column('notes')]!,
  }));
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

describe.runIf(present)('file type identification over the real-file corpus', () => {
  it(`agrees with libmagic on at least ${LIBMAGIC_TARGET * 100}% of the files`, async () => {
    const results: { row: Row; answer: Identification; libmagic: ReturnType<typeof libmagicAgreement>; truth: boolean }[] = [];
    for (const row of rows()) {
      const path = join(corpus, row.path);
      const answer = await identify(await openAsBlob(path), row.path.split('/').pop());
      results.push({ row, answer, libmagic: libmagicAgreement(answer, row), truth: compare(answer, row.mime) !== undefined });
    }
    const total = results.length;
    const agree = results.filter((result) => result.libmagic).length;
    const byReason = (reason: string) => results.filter((result) => result.libmagic === reason).length;
    const truth = results.filter((result) => result.truth).length;
    const lines = [
      `file type identification, ${total} corpus files`,
      `  agreement with libmagic: ${agree}/${total} = ${percent(agree, total)}`,
      `    same type as libmagic, or libmagic names its container: ${byReason('libmagic')}`,
      `    libmagic right per MANIFEST under another name, we match the ground truth: ${byReason('truth-where-libmagic-agrees')}`,
      `    libmagic unknown (octet-stream), we match the ground truth: ${byReason('truth-where-libmagic-unknown')}`,
      `  strict (same type as libmagic or its container only): ${percent(byReason('libmagic'), total)}`,
      `  agreement with the ground truth (MANIFEST mime): ${truth}/${total} = ${percent(truth, total)}`,
      '  per category (libmagic / ground truth):',
    ];
    const categories = [...new Set(results.map((result) => result.row.category))].sort();
    for (const category of categories) {
      const own = results.filter((result) => result.row.category === category);
      lines.push(
        `    ${category.padEnd(10)} ${own.filter((result) => result.libmagic).length}/${own.length}  ${own.filter((result) => result.truth).length}/${own.length}`,
      );
    }
    const misses = results.filter((result) => !result.libmagic || !result.truth);
    if (misses.length > 0) {
      lines.push('  misses (L = disagrees with libmagic, T = with the ground truth):');
      for (const { row, answer, libmagic, truth: right } of misses) {
        lines.push(
          `    ${libmagic ? ' ' : 'L'}${right ? ' ' : 'T'} ${row.path}  ours ${answer.mime} (${answer.format}, ${answer.basis})  libmagic ${row.libmagic}  truth ${row.mime}`,
        );
      }
    }
    console.info(lines.join('\n'));
    expect(agree / total).toBeGreaterThanOrEqual(LIBMAGIC_TARGET);
    // Also without credit for the rows where libmagic itself gave up: those count as disagreements here.
    const named = byReason('libmagic') + byReason('truth-where-libmagic-agrees');
    expect(named / total).toBeGreaterThanOrEqual(LIBMAGIC_TARGET);
  }, 120_000);

  it('never takes a negative sample for the format its name claims', async () => {
    const negatives = rows().filter((row) => row.notes.includes('NEGATIVE SAMPLE') && !row.notes.includes('CORRUPT'));
    expect(negatives.length).toBeGreaterThan(0);
    for (const row of negatives) {
      const answer = await identify(await openAsBlob(join(corpus, row.path)));
      expect(compare(answer, row.mime), row.path).toBeDefined();
    }
  });
});
