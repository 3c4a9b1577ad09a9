/**
 * What the page asks of the handwriting engine (hw-core's side; the page is hw-ui's). The engine is
 * `engine.ts` (`createHandwritingEngine()`), which runs `render.worker.ts` through WorkerClient.
 */
import type { HandwritingLayout, LayoutOptions } from '@shared/handwriting';

/** The OFL fonts shipped with the app (Fontsource packages, loaded slice by slice as the text needs). */
export type BundledFontId = 'ma-shan-zheng' | 'long-cang' | 'zhi-mang-xing' | 'liu-jian-mao-cao';

export type FontChoice =
  | { kind: 'bundled'; id: BundledFontId }
  /** A .ttf/.otf/.woff/.woff2 the user picked: kept in memory (or the page's own IndexedDB), never sent anywhere. */
  | { kind: 'own'; name: string; data: ArrayBuffer };

export interface RenderSettings {
  layout: LayoutOptions;
  font: FontChoice;
  /** CSS colour of the ink, e.g. '#1f2a6b'. */
  ink: string;
  /** CSS colour of the paper. */
  paperColor: string;
  /** CSS colour of the paper's rules and squares. */
  ruleColor: string;
  /** A picture laid under the writing, scaled to cover the page (custom paper). */
  background?: Blob;
  /** Dots per inch of the PNG pages (the preview uses less: PREVIEW_DPI). */
  dpi: number;
}

export const PREVIEW_DPI = 72;
export const EXPORT_DPI = 200;

export interface RenderedPage {
  index: number;
  png: Blob;
  /** Pixel size of the PNG. */
  width: number;
  height: number;
}

export interface RenderProgress {
  /** Pages finished so far. */
  done: number;
  total: number;
}

/** Failures the page translates (hand-write:errors.<code>). */
export type HandwritingErrorCode =
  /** The own font file is not a font the browser can read. */
  | 'font-unreadable'
  /** A bundled font's slice could not be downloaded (offline on a first visit). */
  | 'font-unavailable'
  /** The background picture is not an image the browser can decode. */
  | 'background-unreadable'
  /** The browser has no OffscreenCanvas in workers (very old browsers). */
  | 'unsupported';

export class HandwritingError extends Error {
  constructor(readonly code: HandwritingErrorCode) {
    super(`handwriting: ${code}`);
    this.name = 'HandwritingError';
  }
}

export interface HandwritingEngine {
  /** Lays the text out (fast, no font needed beyond measuring): page count and every glyph's place. */
  layout(text: string, settings: RenderSettings): Promise<HandwritingLayout>;
  /** One page as PNG: the live preview draws page 0 at PREVIEW_DPI. Rejects with AbortError when `signal` aborts. */
  renderPage(text: string, settings: RenderSettings, index: number, signal?: AbortSignal): Promise<RenderedPage>;
  /**
   * Every page in order, reported one by one; cancel with `signal` (the current page stops at once:
   * the worker is ended). Resolves with all pages.
   */
  renderAll(
    text: string,
    settings: RenderSettings,
    options: { onPage?: (page: RenderedPage, progress: RenderProgress) => void; signal?: AbortSignal },
  ): Promise<RenderedPage[]>;
  /** Checks an own font file (FontFace in the worker); rejects with HandwritingError('font-unreadable'). */
  checkFont(data: ArrayBuffer): Promise<void>;
  /** Ends the worker (page unmount). */
  dispose(): void;
}
