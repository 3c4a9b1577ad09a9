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
  // Where we put the follower. Its next scroll event at that place is ours; a flag alone stuck when
  // the place was where it already was (no event came) and then swallowed the user's next scroll.
  let placed: { pane: 'editor' | 'preview'; top: number } | undefined;
  let frame = 0;
  const paneOf = (pane: 'editor' | 'preview') => (pane === 'editor' ? parts.editorScroller() : parts.preview);
  const place = (pane: 'editor' | 'preview', top: number) => {
    const element = paneOf(pane);
    element.scrollTop = top;
    placed = { pane, top: element.scrollTop };
  };
  return (from) => {
    if (placed?.pane === from) {
      const ours = Math.abs(paneOf(from).scrollTop - placed.top) < 2;
      placed = undefined;
      if (ours) return;
    }
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const blocks = parts.blocks();
      if (blocks.length === 0) return;
      const editor = parts.editorScroller();
      // Measured, not offsetTop: the preview is positioned, so its blocks' offsetTop is already
      // relative to it, and subtracting its own offsetTop put the heading half a view too low.
      const origin = parts.preview.getBoundingClientRect().top + parts.preview.clientTop - parts.preview.scrollTop;
      const previewTop = (element: HTMLElement) => element.getBoundingClientRect().top - origin;
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
        place('preview', top + (bottom - top) * through);
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
        place('editor', start + (end - start) * through);
      }
    });
  };
}
