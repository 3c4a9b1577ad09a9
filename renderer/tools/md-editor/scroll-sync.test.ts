import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { syncScroll } from './scroll-sync';

// Two panes laid out by hand: three blocks starting at source lines 0, 10 and 20; the editor draws
// each line 20 px high, the preview draws each block 500 px high and sits 300 px down the page
// (so a position taken from offsetTop rather than measured would be off by those 300 px).

class Pane {
  scrollTop = 0;
  readonly clientTop = 0;
  constructor(
    private readonly pageTop: number,
    readonly scrollHeight: number,
  ) {}
  getBoundingClientRect() {
    return { top: this.pageTop } as DOMRect;
  }
}

class Block {
  constructor(
    private readonly preview: Pane,
    private readonly offset: number,
  ) {}
  getBoundingClientRect() {
    return { top: this.preview.getBoundingClientRect().top - this.preview.scrollTop + this.offset } as DOMRect;
  }
}

function setup() {
  const editor = new Pane(300, 600);
  const preview = new Pane(300, 1500);
  const blocks = [0, 10, 20].map((line, index) => ({ line, element: new Block(preview, index * 500) as unknown as HTMLElement }));
  const sync = syncScroll({
    editorScroller: () => editor as unknown as HTMLElement,
    preview: preview as unknown as HTMLElement,
    topLine: () => Math.floor(editor.scrollTop / 20),
    lineTop: (line) => line * 20,
    blocks: () => blocks,
  });
  return { editor, preview, sync };
}

beforeEach(() => {
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    callback(0);
    return 1;
  });
  vi.stubGlobal('cancelAnimationFrame', () => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('syncScroll', () => {
  it('brings the block of the editor’s top line to the top of the preview', () => {
    const { editor, preview, sync } = setup();
    editor.scrollTop = 200; // line 10: the second block
    sync('editor');
    expect(preview.scrollTop).toBe(500);
    editor.scrollTop = 300; // half way through the second block's lines
    sync('editor');
    expect(preview.scrollTop).toBe(750);
  });

  it('brings the line of the preview’s top block to the top of the editor', () => {
    const { editor, preview, sync } = setup();
    preview.scrollTop = 1000;
    sync('preview');
    expect(editor.scrollTop).toBe(400);
  });

  it('takes the follower’s own scroll event as ours, the next one as the user’s', () => {
    const { editor, preview, sync } = setup();
    editor.scrollTop = 200;
    sync('editor');
    sync('preview'); // the event our placing caused: the editor stays
    expect(editor.scrollTop).toBe(200);
    preview.scrollTop = 0;
    sync('preview');
    expect(editor.scrollTop).toBe(0);
  });

  it('follows the user after a placing that moved nothing (no scroll event came for it)', () => {
    const { editor, preview, sync } = setup();
    editor.scrollTop = 200;
    sync('editor');
    sync('preview'); // ours
    sync('editor'); // the editor re-measured: the preview is put where it is, and no event comes
    expect(preview.scrollTop).toBe(500);
    preview.scrollTop = 0; // the user
    sync('preview');
    expect(editor.scrollTop).toBe(0);
  });
});
