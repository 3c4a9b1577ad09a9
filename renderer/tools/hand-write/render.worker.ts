import { expose } from 'comlink';
import { layoutHandwriting } from '@shared/handwriting';
import type { HandwritingLayout } from '@shared/handwriting';
import { sliceIndex, sliceUrl } from './font-assets';
import { HandwritingError } from './engine-port';
import type { FontChoice, HandwritingErrorCode, RenderSettings } from './engine-port';
import { paintPage } from './paint';
import type { Ink } from './paint';

/**
 * Lays out and draws handwriting pages off the page's thread: loads only the font slices the text
 * uses (FontFace in the worker's own font set), draws each page on an OffscreenCanvas and answers
 * with a PNG Blob. One text and its settings are "configured" at a time; pages are then drawn one
 * call each, so the page can report progress and stop between pages.
 */

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: HandwritingErrorCode | 'unknown'; detail?: string };

export interface Painted {
  png: Blob;
  width: number;
  height: number;
}

const fonts = (self as unknown as { fonts: FontFaceSet }).fonts;
/** Characters a chosen font lacks (rare Han, emoji) come from the system's CJK fonts. */
const FALLBACK = '"Kaiti SC", KaiTi, STKaiti, "AR PL UKai CN", "Noto Serif CJK SC", "Noto Sans CJK SC", serif';

const loadedSlices = new Map<string, Promise<void>>();
let ownFont: { key: string; family: string } | undefined;
let ownFonts = 0;

interface Configured {
  layout: HandwritingLayout;
  ink: Ink;
  dpi: number;
  seed: number;
}
/**
 * The last few configurations by key: configures overlap (a preview per keystroke while fonts load),
 * and each caller paints the one it configured, whichever finished last.
 */
const configured = new Map<string, Configured>();
const KEEP = 3;

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof HandwritingError) return { ok: false, error: error.code };
    return { ok: false, error: 'unknown', detail: error instanceof Error ? error.message : String(error) };
  }
}

function loadSlice(font: string, family: string, slice: string): Promise<void> {
  const key = `${font}:${slice}`;
  let loading = loadedSlices.get(key);
  if (!loading) {
    const url = sliceUrl(font as never, slice);
    loading = url
      ? new FontFace(family, `url(${JSON.stringify(url)})`, { unicodeRange: sliceIndex.unicodeRange(slice) }).load().then((face) => {
          fonts.add(face);
        })
      : Promise.resolve();
    // A failed download may succeed later (back online): forget it so the next try fetches again.
    loading.catch(() => loadedSlices.delete(key));
    loadedSlices.set(key, loading);
  }
  return loading;
}

/** Makes the chosen font ready for `text`; answers its CSS family. */
async function prepareFont(choice: FontChoice, text: string): Promise<string> {
  if (choice.kind === 'own') return `"${await loadOwnFont(choice.data)}", ${FALLBACK}`;
  const family = `hw-${choice.id}`;
  try {
    await Promise.all(sliceIndex.slicesFor(text).map((slice) => loadSlice(choice.id, family, slice)));
  } catch {
    throw new HandwritingError('font-unavailable');
  }
  return `"${family}", ${FALLBACK}`;
}

async function loadOwnFont(data: ArrayBuffer): Promise<string> {
  const key = `${data.byteLength}:${new Uint8Array(data.slice(0, 64)).join(',')}:${new Uint8Array(data.slice(-64)).join(',')}`;
  if (ownFont?.key === key) return ownFont.family;
  const family = `hw-own-${++ownFonts}`;
  try {
    fonts.add(await new FontFace(family, data).load());
  } catch {
    throw new HandwritingError('font-unreadable');
  }
  ownFont = { key, family };
  return family;
}

async function decodeBackground(blob: Blob | undefined): Promise<ImageBitmap | undefined> {
  if (!blob) return undefined;
  try {
    return await createImageBitmap(blob);
  } catch {
    throw new HandwritingError('background-unreadable');
  }
}

function measurer(family: string): (ch: string) => number {
  const ctx = new OffscreenCanvas(1, 1).getContext('2d')!;
  ctx.font = `100px ${family}`;
  const cache = new Map<string, number>();
  return (ch) => {
    let width = cache.get(ch);
    if (width === undefined) {
      width = ctx.measureText(ch).width / 100;
      cache.set(ch, width);
    }
    return width;
  };
}

function requireCanvas(): void {
  if (typeof OffscreenCanvas === 'undefined' || typeof fonts === 'undefined') throw new HandwritingError('unsupported');
}

const api = {
  /** Loads the font slices and background for `text` and lays it out; later `paint(key, …)` calls draw its pages. */
  configure(key: string, text: string, settings: RenderSettings): Promise<Outcome<HandwritingLayout>> {
    return attempt(async () => {
      requireCanvas();
      const [family, background] = await Promise.all([prepareFont(settings.font, text), decodeBackground(settings.background)]);
      const measure = measurer(family);
      const layout = layoutHandwriting(text, settings.layout, measure);
      configured.get(key)?.ink.background?.close();
      configured.delete(key);
      configured.set(key, {
        layout,
        dpi: settings.dpi,
        seed: settings.layout.seed,
        ink: {
          family,
          measure,
          ink: settings.ink,
          paperColor: settings.paperColor,
          ruleColor: settings.ruleColor,
          ...(background ? { background } : {}),
        },
      });
      for (const [old, entry] of configured) {
        if (configured.size <= KEEP) break;
        entry.ink.background?.close();
        configured.delete(old);
      }
      return layout;
    });
  },

  /** Draws page `index` of the text configured under `key` as a PNG. */
  paint(key: string, index: number, dpi?: number): Promise<Outcome<Painted>> {
    return attempt(async () => {
      const state = configured.get(key);
      // Pushed out by newer configurations: its caller has long moved on (a preview several keystrokes old).
      if (!state) throw new Error('stale handwriting configuration');
      const { layout, ink, seed } = state;
      const page = layout.pages[index];
      if (!page) throw new Error(`no page ${index}`);
      const scale = (dpi ?? state.dpi) / 25.4;
      const canvas = new OffscreenCanvas(Math.round(layout.paper.page.width * scale), Math.round(layout.paper.page.height * scale));
      paintPage(canvas.getContext('2d')!, layout.paper, page, scale, ink, seed + index);
      const png = await canvas.convertToBlob({ type: 'image/png' });
      return { png, width: canvas.width, height: canvas.height };
    });
  },

  /** Whether the browser can read an own font file. */
  checkFont(data: ArrayBuffer): Promise<Outcome<void>> {
    return attempt(async () => {
      requireCanvas();
      await loadOwnFont(data);
    });
  },
};

export type HandwritingWorkerApi = typeof api;

expose(api);
