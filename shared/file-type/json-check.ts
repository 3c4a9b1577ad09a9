/**
 * JSON recognition that also works on the first 64 KB of a large file: a one-pass grammar check
 * (RFC 8259) that accepts a text cut anywhere, as long as what is there is valid so far. A whole
 * file must be one complete value. Only objects and arrays count: a lone `42` or `"x"` is plain text
 * to people, and libmagic agrees.
 */

type Verdict = 'json' | 'prefix' | 'invalid';

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);
const LITERALS = ['true', 'false', 'null'];
const NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/;
const NUMBER_PREFIX = /^-?(?:0|[1-9]\d*)?(?:\.\d*)?(?:[eE][+-]?\d*)?$/;

/** Runs the grammar over `text`; 'prefix' means valid but cut before the top value closed. */
export function checkJson(text: string): Verdict {
  let at = 0;
  const stack: ('{' | '[')[] = [];
  // What the grammar expects next: a value, an object key, a colon, or a comma / closing bracket.
  let expect: 'value' | 'key' | 'colon' | 'next' | 'end' = 'value';
  let first = true;
  const skip = () => {
    while (at < text.length && WHITESPACE.has(text[at]!)) at += 1;
  };
  const string = (): boolean | 'cut' => {
    at += 1;
    while (at < text.length) {
      const char = text[at]!;
      if (char === '"') {
        at += 1;
        return true;
      }
      if (char === '\\') {
        const escape = text[at + 1];
        if (escape === undefined) return 'cut';
        if (escape === 'u') {
          const hex = text.slice(at + 2, at + 6);
          if (!/^[0-9a-fA-F]*$/.test(hex)) return false;
          if (hex.length < 4) return 'cut';
          at += 6;
        } else if ('"\\/bfnrt'.includes(escape)) at += 2;
        else return false;
      } else if (char.charCodeAt(0) < 0x20) return false;
      else at += 1;
    }
    return 'cut';
  };
  for (;;) {
    skip();
    if (at >= text.length) return expect === 'end' ? 'json' : first ? 'invalid' : 'prefix';
    const char = text[at]!;
    if (expect === 'end') return 'invalid';
    if (first && char !== '{' && char !== '[') return 'invalid';
    first = false;
    if (expect === 'colon') {
      if (char !== ':') return 'invalid';
      at += 1;
      expect = 'value';
      continue;
    }
    if (expect === 'next') {
      const open = stack[stack.length - 1];
      if (char === ',') {
        at += 1;
        expect = open === '{' ? 'key' : 'value';
        continue;
      }
      if ((char === '}' && open === '{') || (char === ']' && open === '[')) {
        at += 1;
        stack.pop();
        expect = stack.length === 0 ? 'end' : 'next';
        continue;
      }
      return 'invalid';
    }
    if (expect === 'key') {
      if (char === '}' && text[at - 1] !== ',' && lastNonSpace(text, at) === '{') {
        at += 1;
        stack.pop();
        expect = stack.length === 0 ? 'end' : 'next';
        continue;
      }
      if (char !== '"') return 'invalid';
      const done = string();
      if (done === false) return 'invalid';
      if (done === 'cut') return 'prefix';
      expect = 'colon';
      continue;
    }
    // A value.
    if (char === '{' || char === '[') {
      stack.push(char);
      at += 1;
      expect = char === '{' ? 'key' : 'value';
      continue;
    }
    if (char === ']' && stack[stack.length - 1] === '[' && lastNonSpace(text, at) === '[') {
      at += 1;
      stack.pop();
      expect = stack.length === 0 ? 'end' : 'next';
      continue;
    }
    if (char === '"') {
      const done = string();
      if (done === false) return 'invalid';
      if (done === 'cut') return 'prefix';
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const match = NUMBER.exec(text.slice(at, at + 64));
      const rest = text.slice(at, at + 64);
      if (!match) return NUMBER_PREFIX.test(rest) && at + rest.length >= text.length ? 'prefix' : 'invalid';
      at += match[0].length;
      if (at >= text.length) return 'prefix';
    } else {
      const word = LITERALS.find((literal) => text.startsWith(literal, at));
      if (!word) return LITERALS.some((literal) => literal.startsWith(text.slice(at))) ? 'prefix' : 'invalid';
      at += word.length;
    }
    expect = 'next';
  }
}

function lastNonSpace(text: string, before: number): string | undefined {
  for (let index = before - 1; index >= 0; index -= 1) if (!WHITESPACE.has(text[index]!)) return text[index];
  return undefined;
}

/** JSON Lines: every non-empty line (of a complete sample, or all but a cut last one) is an object or array. */
export function isJsonLines(text: string, complete: boolean): boolean {
  const lines = text.split('\n');
  if (!complete) lines.pop();
  const filled = lines.map((line) => line.trim()).filter(Boolean);
  return filled.length >= 2 && filled.every((line) => checkJson(line) === 'json');
}
