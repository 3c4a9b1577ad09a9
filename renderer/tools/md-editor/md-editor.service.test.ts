import { describe, expect, it } from 'vitest';
import { applyEdit, formatEdit } from './md-editor.service';
import type { FormatKind } from './md-editor.service';

const texts = { text: '文本', linkText: '链接', imageAlt: '图片', column: '列' };

/** Runs a toolbar button on `doc` whose selection is marked by [ and ]; returns the result with the new selection marked. */
function press(kind: FormatKind, marked: string): string {
  const from = marked.indexOf('[');
  const to = marked.indexOf(']') - 1;
  const doc = marked.replace('[', '').replace(']', '');
  const edit = formatEdit(kind, doc, from, to, texts);
  const out = applyEdit(doc, edit);
  const { anchor, head } = edit.selection;
  return `${out.slice(0, anchor)}[${out.slice(anchor, head)}]${out.slice(head)}`;
}

describe('toolbar edits', () => {
  it('wraps the selection, or a placeholder, and unwraps on a second press', () => {
    expect(press('bold', 'a [word] b')).toBe('a **[word]** b');
    expect(press('bold', 'a **[word]** b')).toBe('a [word] b');
    expect(press('italic', 'x[]')).toBe('x*[文本]*');
    expect(press('inlineCode', '[f()]')).toBe('`[f()]`');
    expect(press('strike', '[gone]')).toBe('~~[gone]~~');
  });

  it('prefixes every selected line, replaces another prefix, and toggles off', () => {
    expect(press('bulletList', '[one\ntwo]')).toBe('- [one\n- two]');
    expect(press('orderedList', '[one\ntwo\nthree]')).toBe('1. [one\n2. two\n3. three]');
    expect(press('taskList', '- [one]')).toBe('- [ ] [one]');
    expect(press('h2', '# Ti[]tle')).toBe('## Ti[]tle');
    expect(press('h2', '## Ti[]tle')).toBe('Ti[]tle');
    expect(press('quote', 'a\nb[]\nc')).toBe('a\n> b[]\nc');
  });

  it('inserts links and images with the address selected to type over', () => {
    expect(press('link', 'see [docs]')).toBe('see [docs]([https://])');
    expect(press('image', '[]')).toBe('![图片]([https://])');
  });

  it('puts blocks on lines of their own', () => {
    expect(press('table', 'text[]')).toBe('text\n\n| [列 1] | 列 2 |\n| --- | --- |\n|  |  |');
    expect(press('math', '[]')).toBe('$$\n[E = mc^2]\n$$');
    expect(press('mermaid', 'a\n\n[]')).toBe('a\n\n```mermaid\n[graph TD\n  A --> B]\n```');
    expect(press('codeBlock', 'x [y] z')).toBe('x \n\n```[]\ny\n```\n\n z');
  });
});
