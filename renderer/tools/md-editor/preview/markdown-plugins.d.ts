// The plugins ship without types (and DefinitelyTyped's are written against the old @types/markdown-it,
// not markdown-it 15's own); only how they are called here is declared.
declare module 'markdown-it-footnote' {
  import type { MarkdownIt } from 'markdown-it';
  export default function footnote(md: MarkdownIt): void;
}

declare module 'markdown-it-task-lists' {
  import type { MarkdownIt } from 'markdown-it';
  export default function taskLists(md: MarkdownIt, options?: { enabled?: boolean; label?: boolean; labelAfter?: boolean }): void;
}

declare module 'markdown-it-texmath' {
  import type { MarkdownIt } from 'markdown-it';
  export default function texmath(
    md: MarkdownIt,
    options?: { engine: unknown; delimiters?: string | string[]; katexOptions?: Record<string, unknown> },
  ): void;
}
