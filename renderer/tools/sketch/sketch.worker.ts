import { expose } from 'comlink';
import { identify } from '@shared/file-type/identify';
import { SketchError } from './sketch-model';
import type { SketchErrorCode, SketchSummary } from './sketch-model';
import { artboardSvg, openSketch } from './sketch.service';
import type { OpenedSketch } from './sketch.service';
import type { MeasureText } from './sketch-svg';

/** Unzipping, JSON parsing and SVG writing of one open .sketch file, off the page's thread. */

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: SketchErrorCode | 'unknown'; detail?: string };

let opened: OpenedSketch | undefined;

/** Text widths for wrapping fixed-width text boxes, with the fonts the page will draw them in. */
const measure: MeasureText | undefined = (() => {
  if (typeof OffscreenCanvas === 'undefined') return undefined;
  const context = new OffscreenCanvas(1, 1).getContext('2d');
  if (!context) return undefined;
  return (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  };
})();

async function attempt<T>(work: () => Promise<T> | T): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof SketchError) return { ok: false, error: error.code, detail: error.detail };
    return { ok: false, error: 'unknown', detail: error instanceof Error ? error.message : String(error) };
  }
}

async function open(file: Blob): Promise<SketchSummary> {
  opened = undefined;
  try {
    opened = openSketch(new Uint8Array(await file.arrayBuffer()));
  } catch (error) {
    // Say what the file is, so the page can name the tool that opens it.
    if (error instanceof SketchError && error.code === 'notSketch')
      throw new SketchError('notSketch', (await identify(file, file instanceof File ? file.name : '')).format);
    throw error;
  }
  return opened.summary;
}

const api = {
  open: (file: Blob): Promise<Outcome<SketchSummary>> => attempt(() => open(file)),
  svg: (id: string): Promise<Outcome<string>> =>
    attempt(() => {
      if (!opened) throw new Error('no file open');
      return artboardSvg(opened, id, measure);
    }),
};

export type SketchWorkerApi = typeof api;

expose(api);
