/**
 * Line-wise operations work on a text's lines and give the text back with the same line ending
 * (CRLF stays CRLF) and the same trailing newline, so a Windows file round-trips unchanged.
 */
export interface Lines {
  lines: string[];
  eol: string;
  /** Whether the text ended with a line break (which is not a line of its own). */
  trailing: boolean;
}

const LINE_BREAK = /\r\n|\r|\n/;

/** The text's line ending: the first one found, LF when there is none. */
export function detectEol(text: string): string {
  const match = LINE_BREAK.exec(text);
  return match ? match[0] : '\n';
}

export function splitLines(text: string): Lines {
  if (text === '') return { lines: [], eol: '\n', trailing: false };
  const lines = text.split(LINE_BREAK);
  const trailing = lines.length > 1 && lines.at(-1) === '';
  if (trailing) lines.pop();
  return { lines, eol: detectEol(text), trailing };
}

export function joinLines({ lines, eol, trailing }: Lines): string {
  if (lines.length === 0) return '';
  return lines.join(eol) + (trailing ? eol : '');
}

/** Applies `change` to the line list and reassembles the text with its own line ending. */
export function mapLines(text: string, change: (lines: string[]) => string[]): string {
  const parts = splitLines(text);
  return joinLines({ ...parts, lines: change(parts.lines) });
}

export const isBlank = (line: string) => line.trim() === '';
