import { describe, expect, it } from 'vitest';
import {
  PREVIEW_LINES,
  candidateScores,
  confidenceLevel,
  encodingGroups,
  percent,
  previewLines,
  zipEntryNames,
} from './file-encoding-identify.service';

describe('previewLines', () => {
  it('keeps the first lines and shortens long ones', () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\r\n') + 'x'.repeat(500);
    const lines = previewLines(text).split('\n');
    expect(lines).toHaveLength(PREVIEW_LINES);
    expect(previewLines('a'.repeat(500)).endsWith('…')).toBe(true);
  });
});

describe('display helpers', () => {
  it('groups every encoding once, Unicode first', () => {
    const groups = encodingGroups();
    expect(groups[0]?.family).toBe('unicode');
    const names = groups.flatMap((group) => group.names);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Big5');
  });

  it('formats confidence', () => {
    expect(percent(0.934)).toBe('93%');
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.6)).toBe('medium');
    expect(confidenceLevel(0.2)).toBe('low');
  });
});

describe('candidateScores', () => {
  it('puts the verdict’s own score first, so a runner-up never looks likelier than the verdict', () => {
    // A short GBK text: confidence 60%, yet EUC-JP matched at 76% — against GBK's own 90%.
    const detection = {
      encoding: 'GBK' as const,
      candidates: [
        { encoding: 'GBK' as const, score: 0.904 },
        { encoding: 'EUC-JP' as const, score: 0.758 },
        { encoding: 'EUC-KR' as const, score: 0.728 },
        { encoding: 'Big5' as const, score: 0.65 },
        { encoding: 'Shift_JIS' as const, score: 0.296 },
      ],
    };
    const scores = candidateScores(detection);
    expect(scores.map((candidate) => candidate.encoding)).toEqual(['GBK', 'EUC-JP', 'EUC-KR', 'Big5']);
    expect(Math.max(...scores.map((candidate) => candidate.score))).toBe(scores[0]?.score);
  });

  it('shows nothing when there is nothing to weigh (BOM, UTF-8, binary)', () => {
    expect(candidateScores({ encoding: 'UTF-8', candidates: [{ encoding: 'UTF-8', score: 1 }] })).toEqual([]);
    expect(candidateScores({ encoding: 'binary', candidates: [] })).toEqual([]);
  });
});

describe('zipEntryNames', () => {
  it('keeps the folder layout of a picked folder instead of flattening it into numbered copies', () => {
    const paths = ['chardet/utf-8/_ude_1.txt', 'chardet/KOI8-R/_ude_1.txt', 'chardet/iso-8859-1/_ude_1.txt', 'chardet/utf-8/_ude_2.txt'];
    expect(zipEntryNames(paths)).toEqual(paths);
  });

  it('still makes real clashes unique, without case, in the file name and not in a folder name', () => {
    expect(zipEntryNames(['a.txt', 'A.TXT', 'a.txt', 'docs/a.txt', 'docs.v2/readme', 'docs.v2/README'])).toEqual([
      'a.txt',
      'A (2).TXT',
      'a (3).txt',
      'docs/a.txt',
      'docs.v2/readme',
      'docs.v2/README (2)',
    ]);
  });

  it('writes safe entry names: forward slashes, nothing absolute, no "." or ".." parts', () => {
    expect(zipEntryNames(['/abs/x.txt', 'win\\sub\\y.txt', '../../etc/passwd', './z.txt', 'a//b.txt', ''])).toEqual([
      'abs/x.txt',
      'win/sub/y.txt',
      'etc/passwd',
      'z.txt',
      'a/b.txt',
      'file',
    ]);
  });
});
