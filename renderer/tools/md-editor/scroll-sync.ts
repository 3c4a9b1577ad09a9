interface SyncParts {
  editorScroller: () => HTMLElement;
  preview: HTMLElement;
  /** The 0-based source line at the top of the editor's view. */
  topLine: () => number;
  /** The editor's scroll offset of a 0-based source line. */
  lineTop: (line: number) => number;
  blocks: () => { line: number; element: HTMLElement }[];
}

/** The block the line is in and how far through it (0…1), interpolating between block starts. */
function locate(blocks: { line: number; element: HTMLElement }[], line: number) {
  let index = 0;
  while (index + 1 < blocks.length && blocks[index + 1]!.line <= line) index++;
  return index;
}

/**
 * Keeps the two panes showing the same part of the document: the pane the user scrolls leads, the
 * other follows by source line (each preview block knows the line it starts on). The follower's own
 * scroll event, caused by us, is not taken as the user's.
 */
export function syncScroll(parts: SyncParts): (from: 'editor' | 'preview') => void {
  let following: 'editor' | 'preview' | undefined;
  let frame = 0;
  return (from) => {
    if (following === from) {
      following = undefined;
      return;
    }
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const blocks = parts.blocks();
      if (blocks.length === 0) return;
      const editor = parts.editorScroller();
      const previewTop = (element: HTMLElement) => element.offsetTop - parts.preview.offsetTop;
      if (from === 'editor') {
        const line = parts.topLine();
        const index = locate(blocks, line);
        const block = blocks[index]!;
        const next = blocks[index + 1];
        const start = parts.lineTop(block.line);
        const end = next ? parts.lineTop(next.line) : editor.scrollHeight;
        const through = end > start ? Math.min(1, Math.max(0, (editor.scrollTop - start) / (end - start))) : 0;
        const top = previewTop(block.element);
        const bottom = next ? previewTop(next.element) : parts.preview.scrollHeight;
        following = 'preview';
        parts.preview.scrollTop = top + (bottom - top) * through;
      } else {
        const scrollTop = parts.preview.scrollTop;
        let index = 0;
        while (index + 1 < blocks.length && previewTop(blocks[index + 1]!.element) <= scrollTop) index++;
        const block = blocks[index]!;
        const next = blocks[index + 1];
        const top = previewTop(block.element);
        const bottom = next ? previewTop(next.element) : parts.preview.scrollHeight;
        const through = bottom > top ? Math.min(1, Math.max(0, (scrollTop - top) / (bottom - top))) : 0;
        const start = parts.lineTop(block.line);
        const end = next ? parts.lineTop(next.line) : editor.scrollHeight;
        following = 'editor';
        editor.scrollTop = start + (end - start) * through;
      }
    });
  };
}
