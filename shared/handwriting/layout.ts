import { cannotEndLine, cannotStartLine, isHan, isWide } from './kinsoku';
import { seededRandom } from './prng';
import { MM_PER_PT } from './types';
import type { HandwritingLayout, LayoutOptions, Measure, PageLayout, PaperGeometry, PlacedGlyph, TextLine } from './types';

/**
 * Without the real font (tests, a first estimate): CJK one em, Latin about half. The worker passes
 * the font's own advances instead.
 */
export const defaultMeasure: Measure = (ch) =>
  isWide(ch) ? 1 : ch === ' ' ? 0.3 : /[mwMW@]/.test(ch) ? 0.8 : /[il.,:;'!|]/.test(ch) ? 0.3 : 0.55;

/** 稿纸 squares are this much bigger than the glyph, so strokes never touch the lines. */
const SQUARE_PER_EM = 1.3;
/** Where the alphabetic baseline sits under the centre of a glyph's em box (CJK fonts: ascent ≈ 0.88 em). */
const BASELINE_BELOW_CENTRE = 0.38;

/** One character as the hand will write it: its jitter is drawn once, in text order, so layout choices never change it. */
interface Mark {
  ch: string;
  /** Advance, mm. */
  advance: number;
  size: number;
  rotation: number;
  lift: number;
  opacity: number;
  struck: boolean;
}

/** What a line may break between: a Latin word (kept whole), a space, or one character with the mistake written before it. */
interface Unit {
  kind: 'word' | 'space' | 'char';
  marks: Mark[];
  /** The real text of the unit (no struck marks). */
  text: string;
  width: number;
}

interface Line {
  units: Unit[];
  /** x of the line's first unit, mm from the left margin (paragraph indent). */
  start: number;
}

const WORD = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}'’_-]$/u;

export function layoutHandwriting(text: string, options: LayoutOptions, measure: Measure = defaultMeasure): HandwritingLayout {
  const size = Math.max(1, options.fontSizePt * MM_PER_PT);
  const squares = options.paper === 'squares';
  const cell = squares ? size * SQUARE_PER_EM : 0;
  const { page, margins } = options;
  const contentWidth = Math.max(size, page.width - margins.left - margins.right);
  const contentHeight = Math.max(size, page.height - margins.top - margins.bottom);
  const spacing = Math.max(1, options.lineSpacing);
  const lineHeight = squares ? cell * spacing : size * spacing;
  const columns = squares ? Math.max(1, Math.floor(contentWidth / cell)) : 0;
  const lineWidth = squares ? columns * cell : contentWidth;
  // Lines a page holds: every line's box inside the margins; a row of squares needs no gap after the last.
  const linesPerPage = Math.max(1, squares ? Math.floor((contentHeight - cell) / lineHeight) + 1 : Math.floor(contentHeight / lineHeight));

  const random = seededRandom(options.seed);
  const jitter = options.jitter;
  const spread = (amount: number) => (random() * 2 - 1) * amount;
  const han = [...new Set([...text].filter(isHan))];

  const mark = (ch: string, struck: boolean): Mark => {
    const glyphSize = size * (1 + spread(jitter.size));
    const nominal = squares ? cell : measure(ch) * size;
    return {
      ch,
      advance: squares ? cell : Math.max(0, nominal + (ch === ' ' ? 0 : spread(jitter.spacing) * size)),
      size: glyphSize,
      rotation: (spread(jitter.rotation) * Math.PI) / 180,
      lift: spread(jitter.baseline) * size,
      opacity: 1 - random() * Math.min(1, Math.max(0, jitter.inkDensity)),
      struck,
    };
  };

  const units = (paragraph: string): Unit[] => {
    const out: Unit[] = [];
    let word: Mark[] = [];
    const flushWord = () => {
      if (word.length === 0) return;
      out.push({ kind: 'word', marks: word, text: word.map((m) => m.ch).join(''), width: sum(word) });
      word = [];
    };
    for (const ch of paragraph) {
      if (WORD.test(ch)) {
        word.push(mark(ch, false));
        continue;
      }
      flushWord();
      if (ch === ' ' || ch === '\t' || ch === '\u3000') {
        const space = mark(ch === '\u3000' ? ch : ' ', false);
        out.push({ kind: 'space', marks: [space], text: space.ch, width: space.advance });
        continue;
      }
      const marks: Mark[] = [];
      if (isHan(ch) && random() < Math.min(0.2, Math.max(0, jitter.corrections))) {
        // Any other Han character of the text (the same one when the text has no other).
        const pick = Math.floor(random() * han.length);
        const wrong = han[pick] === ch && han.length > 1 ? han[(pick + 1) % han.length]! : han[pick]!;
        marks.push(mark(wrong, true));
      }
      marks.push(mark(ch, false));
      out.push({ kind: 'char', marks, text: ch, width: sum(marks) });
    }
    flushWord();
    return out;
  };

  const lines: Line[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
    const indent = Math.max(0, Math.floor(options.indent));
    const indentWidth =
      paragraph.trim() === '' ? 0 : squares ? Math.min(indent, columns - 1) * cell : Math.min(indent * size, contentWidth / 2);
    let line: Line = { units: [], start: indentWidth };
    let x = indentWidth;
    const queue = units(paragraph);
    for (let i = 0; i < queue.length; i++) {
      const unit = queue[i]!;
      if (x + unit.width <= lineWidth + 1e-6 || (line.units.length === 0 && unit.kind === 'char')) {
        line.units.push(unit);
        x += unit.width;
        continue;
      }
      if (unit.kind === 'space') continue; // a space that does not fit is the line break itself
      // Closing punctuation hangs past the margin instead of starting the next line (悬挂标点).
      if (unit.kind === 'char' && cannotStartLine(unit.text) && line.units.length > 0) {
        line.units.push(unit);
        x += unit.width;
        continue;
      }
      if (unit.kind === 'word' && unit.width > lineWidth) {
        // Longer than a whole line: the only word that may be cut, character by character.
        queue.splice(i, 1, ...unit.marks.map((m): Unit => ({ kind: 'char', marks: [m], text: m.ch, width: m.advance })));
        i--;
        continue;
      }
      const carried: Unit[] = [];
      // An opening bracket goes down with what it opens.
      while (line.units.length > 1 && cannotEndLine(line.units.at(-1)!.text)) carried.unshift(line.units.pop()!);
      lines.push(trimEnd(line));
      line = { units: [...carried, unit], start: 0 };
      x = sum(carried.flatMap((u) => u.marks)) + unit.width;
      if (x > lineWidth + 1e-6 && unit.kind === 'word') {
        // The carried bracket and the word cannot share a line; let the word start its own.
        line = { units: carried, start: 0 };
        lines.push(line);
        line = { units: [], start: 0 };
        x = 0;
        i--;
      }
    }
    lines.push(trimEnd(line));
  }

  const pitchTop = (row: number) => margins.top + row * lineHeight;
  const baselines = Array.from({ length: linesPerPage }, (_, row) =>
    squares ? pitchTop(row) + cell / 2 + size * BASELINE_BELOW_CENTRE : pitchTop(row) + lineHeight / 2 + size * BASELINE_BELOW_CENTRE,
  );
  const paper = geometry(options, { size, lineHeight, cell, columns, baselines, contentWidth, contentHeight });

  const pages: PageLayout[] = [];
  for (let first = 0; first < Math.max(1, lines.length); first += linesPerPage) {
    const glyphs: PlacedGlyph[] = [];
    const textLines: TextLine[] = [];
    lines.slice(first, first + linesPerPage).forEach((line, row) => {
      const baseline = baselines[row]!;
      let x = margins.left + line.start;
      let written = '';
      for (const unit of line.units) {
        for (const m of unit.marks) {
          if (unit.kind !== 'space') {
            // On 稿纸 the glyph sits centred in its square; elsewhere it starts at the pen's position.
            const inset = squares ? (cell - measure(m.ch) * m.size) / 2 : 0;
            glyphs.push({
              ch: m.ch,
              x: x + inset,
              y: baseline + m.lift,
              size: m.size,
              rotation: m.rotation,
              opacity: m.opacity,
              ...(m.struck ? { struck: true } : {}),
            });
          }
          x += m.advance;
        }
        written += unit.text;
      }
      if (written.trim() !== '')
        textLines.push({ text: written, x: margins.left + line.start, y: baseline, size, width: x - margins.left - line.start });
    });
    pages.push({ index: pages.length, glyphs, lines: textLines });
  }
  return { paper, pages };
}

function sum(marks: Mark[]): number {
  return marks.reduce((total, m) => total + m.advance, 0);
}

function trimEnd(line: Line): Line {
  while (line.units.length > 0 && line.units.at(-1)!.kind === 'space') line.units.pop();
  return line;
}

function geometry(
  options: LayoutOptions,
  m: { size: number; lineHeight: number; cell: number; columns: number; baselines: number[]; contentWidth: number; contentHeight: number },
): PaperGeometry {
  const { paper: kind, page, margins } = options;
  const base = {
    kind,
    page,
    margins,
    baselines: m.baselines,
    lineHeight: m.lineHeight,
    rules: [] as number[],
    cell: 0,
    columns: 0,
    rowTops: [] as number[],
  };
  switch (kind) {
    case 'lined':
      // The rule just under each baseline, where a pen rests on ruled paper.
      return { ...base, rules: m.baselines.map((y) => y + m.size * 0.18) };
    case 'grid': {
      // Two squares a line, so each line of writing sits on a grid row pair like 5 mm graph paper.
      const cell = m.lineHeight / 2;
      const rows = m.baselines.length * 2;
      return {
        ...base,
        cell,
        columns: Math.floor(m.contentWidth / cell),
        rowTops: Array.from({ length: rows }, (_, r) => margins.top + r * cell),
      };
    }
    case 'squares':
      return { ...base, cell: m.cell, columns: m.columns, rowTops: m.baselines.map((_, row) => margins.top + row * m.lineHeight) };
    default:
      return base;
  }
}
