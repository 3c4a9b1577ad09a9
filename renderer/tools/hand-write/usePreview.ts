import { useEffect, useState } from 'react';
import type { HandwritingEngine, RenderSettings } from './engine-port';
import { engineErrorKey, isAbort } from './errors';
import type { EngineErrorKey } from './errors';

export interface PreviewState {
  /** Object URL of the first page's PNG; revoked when the next one arrives. */
  url?: string;
  pages: number;
  /** A newer text or setting is being drawn (the picture shown is the previous one). */
  busy: boolean;
  error?: EngineErrorKey;
}

interface Drawn {
  text: string;
  settings: RenderSettings;
  url?: string;
  pages: number;
  error?: EngineErrorKey;
}

/** Typing is not redrawn per keystroke: the first page is drawn once the text rests this long. */
const SETTLE_MS = 250;

/** The live preview of page 1: laid out and drawn by the preview worker, the stale one dropped. */
export function usePreview(engine: HandwritingEngine | undefined, text: string, settings: RenderSettings): PreviewState {
  const [drawn, setDrawn] = useState<Drawn>();
  const empty = !engine || text.trim() === '';
  useEffect(() => {
    if (empty) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const run = async () => {
        const layout = await engine.layout(text, settings);
        const page = await engine.renderPage(text, settings, 0, controller.signal);
        return { pages: layout.pages.length, url: URL.createObjectURL(page.png) };
      };
      run().then(
        (next) => {
          if (controller.signal.aborted) return URL.revokeObjectURL(next.url);
          setDrawn({ text, settings, ...next });
        },
        (error: unknown) => {
          if (controller.signal.aborted || isAbort(error)) return;
          setDrawn((current) => ({ text, settings, url: current?.url, pages: current?.pages ?? 0, error: engineErrorKey(error) }));
        },
      );
    }, SETTLE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [engine, empty, text, settings]);
  // The previous picture's URL goes when a new one replaces it, and with the page.
  const url = drawn?.url;
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  if (empty) return { pages: 0, busy: false };
  const current = drawn?.text === text && drawn.settings === settings;
  return { url, pages: drawn?.pages ?? 0, busy: !current, error: current ? drawn.error : undefined };
}
