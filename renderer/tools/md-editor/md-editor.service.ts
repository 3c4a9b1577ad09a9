/**
 * The toolbar's edits as pure text changes (no editor, no DOM), so each is testable under Node; the
 * editor applies them as one transaction (one undo step).
 */

export type FormatKind =
  | 'h1'
  | 'h2'
  | 'h3'
  | 'bold'
  | 'italic'
  | 'strike'
  | 'inlineCode'
  | 'bulletList'
  | 'orderedList'
  | 'taskList'
  | 'quote'
  | 'table'
  | 'codeBlock'
  | 'link'
  | 'image'
  | 'math'
  | 'mermaid';

export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

export interface FormatEdit {
  changes: TextChange[];
  /** The selection after the edit, in the new document's positions. */
  selection: { anchor: number; head: number };
}

/** Placeholder words the toolbar inserts when nothing is selected (translated by the page). */
export interface FormatTexts {
  text: string;
  linkText: string;
  imageAlt: string;
  column: string;
}

const WRAP: Partial<Record<FormatKind, string>> = { bold: '**', italic: '*', strike: '~~', inlineCode: '`' };
const HEADING: Partial<Record<FormatKind, string>> = { h1: '# ', h2: '## ', h3: '### ' };
const LINE_PREFIX = /^(#{1,6} |> |[-*+] \[[ xX]\] |[-*+] |\d+[.)] )/;

function wrap(doc: string, from: number, to: number, mark: string, placeholder: string): FormatEdit {
  const selected = doc.slice(from, to);
  // Pressing bold on **bold** text unwraps it, as editors' toggles do.
  if (doc.slice(from - mark.length, from) === mark && doc.slice(to, to + mark.length) === mark) {
    return {
      changes: [
        { from: from - mark.length, to: from, insert: '' },
        { from: to, to: to + mark.length, insert: '' },
      ],
      selection: { anchor: from - mark.length, head: to - mark.length },
    };
  }
  const inner = selected || placeholder;
  return {
    changes: [{ from, to, insert: `${mark}${inner}${mark}` }],
    selection: { anchor: from + mark.length, head: from + mark.length + inner.length },
  };
}

/** The start offsets of the lines that [from, to] touches. */
function lineStarts(doc: string, from: number, to: number): number[] {
  const starts = [doc.lastIndexOf('\n', from - 1) + 1];
  for (let index = doc.indexOf('\n', from); index !== -1 && index < to; index = doc.indexOf('\n', index + 1)) starts.push(index + 1);
  return starts;
}

function prefixLines(doc: string, from: number, to: number, prefix: (index: number) => string): FormatEdit {
  const starts = lineStarts(doc, from, to);
  const lineText = (start: number) => {
    const end = doc.indexOf('\n', start);
    return doc.slice(start, end === -1 ? undefined : end);
  };
  const existing = starts.map((start) => LINE_PREFIX.exec(lineText(start))?.[0] ?? '');
  const wanted = starts.map((_start, index) => prefix(index));
  // Every line already has this prefix: the button takes it off again.
  const removing = existing.every((current, index) => current === wanted[index]);
  const changes = starts.map((start, index) => ({
    from: start,
    to: start + existing[index]!.length,
    insert: removing ? '' : wanted[index]!,
  }));
  const shift = (position: number) =>
    changes.reduce(
      (moved, change) => (change.from <= position ? moved + change.insert.length - (Math.min(change.to, position) - change.from) : moved),
      position,
    );
  return { changes, selection: { anchor: shift(from), head: shift(to) } };
}

/** A block on lines of its own: blank lines around it unless the cursor is already at a line edge. */
function block(doc: string, from: number, to: number, text: string, select: [number, number]): FormatEdit {
  const before = from === 0 || doc[from - 1] === '\n' ? (from <= 1 || doc[from - 2] === '\n' ? '' : '\n') : '\n\n';
  const after = to === doc.length || doc[to] === '\n' ? '' : '\n\n';
  const insert = `${before}${text}${after}`;
  const start = from + before.length;
  return { changes: [{ from, to, insert }], selection: { anchor: start + select[0], head: start + select[1] } };
}

export function formatEdit(kind: FormatKind, doc: string, from: number, to: number, texts: FormatTexts): FormatEdit {
  const selected = doc.slice(from, to);
  const mark = WRAP[kind];
  if (mark) return wrap(doc, from, to, mark, texts.text);
  const heading = HEADING[kind];
  if (heading) return prefixLines(doc, from, to, () => heading);
  switch (kind) {
    case 'bulletList':
      return prefixLines(doc, from, to, () => '- ');
    case 'orderedList':
      return prefixLines(doc, from, to, (index) => `${index + 1}. `);
    case 'taskList':
      return prefixLines(doc, from, to, () => '- [ ] ');
    case 'quote':
      return prefixLines(doc, from, to, () => '> ');
    case 'link': {
      const label = selected || texts.linkText;
      return {
        changes: [{ from, to, insert: `[${label}](https://)` }],
        selection: { anchor: from + label.length + 3, head: from + label.length + 11 },
      };
    }
    case 'image': {
      const alt = selected || texts.imageAlt;
      return {
        changes: [{ from, to, insert: `![${alt}](https://)` }],
        selection: { anchor: from + alt.length + 4, head: from + alt.length + 12 },
      };
    }
    case 'table': {
      const head = `| ${texts.column} 1 | ${texts.column} 2 |`;
      return block(doc, from, to, `${head}\n| --- | --- |\n|  |  |`, [2, 2 + texts.column.length + 2]);
    }
    case 'codeBlock':
      return block(doc, from, to, `\`\`\`\n${selected}\n\`\`\``, [3, 3]);
    case 'math': {
      const body = selected || 'E = mc^2';
      return block(doc, from, to, `$$\n${body}\n$$`, [3, 3 + body.length]);
    }
    case 'mermaid': {
      const body = selected || 'graph TD\n  A --> B';
      return block(doc, from, to, `\`\`\`mermaid\n${body}\n\`\`\``, [11, 11 + body.length]);
    }
    default:
      throw new Error(`unknown format ${kind}`);
  }
}

/** Applies an edit to a string: what the editor's transaction does, for tests and the plain fallback. */
export function applyEdit(doc: string, edit: FormatEdit): string {
  return [...edit.changes]
    .sort((a, b) => b.from - a.from)
    .reduce((text, change) => text.slice(0, change.from) + change.insert + text.slice(change.to), doc);
}
