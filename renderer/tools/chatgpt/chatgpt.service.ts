/**
 * Top-level Markdown blocks: split at blank lines outside fenced code and `$$` math. While an
 * answer streams, every block but the last is finished and is rendered once; only the last (the
 * tail) changes as deltas come.
 */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | undefined;
  let math = false;
  for (const line of markdown.split('\n')) {
    const fenceMark = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length && line.trim() === fenceMark) fence = undefined;
    } else if (fenceMark) fence = fenceMark;
    else if (line.trim() === '$$') math = !math;
    if (!fence && !math && line.trim() === '' && !/^ {0,3}(`{3,}|~{3,})/.test(line)) {
      if (current.length > 0) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length > 0) blocks.push(current.join('\n'));
  return blocks;
}

/** The title of a new conversation: the start of its first question, on one line. */
export const titleOf = (text: string): string => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 30 ? `${line.slice(0, 30)}…` : line;
};

export interface ExportTexts {
  user: string;
  assistant: string;
}

/** A conversation as one Markdown document: a heading, then each turn under its speaker. */
export function conversationMarkdown(
  title: string,
  messages: readonly { role: 'user' | 'assistant'; content: string }[],
  texts: ExportTexts,
): string {
  const turns = messages.map((message) => `### ${message.role === 'user' ? texts.user : texts.assistant}\n\n${message.content.trim()}`);
  return `# ${title}\n\n${turns.join('\n\n')}\n`;
}
