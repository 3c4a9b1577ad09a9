import { useCallback, useEffect, useRef, useState } from 'react';
import type { TextLine } from '@shared/handwriting';
import { handWriteStorage } from '@/platform/storage';
import type { HandwritingEngine, RenderedPage, RenderSettings } from './engine-port';
import { engineErrorKey, isAbort } from './errors';
import type { EngineErrorKey } from './errors';

export interface GeneratedPage extends RenderedPage {
  /** Object URL of the PNG, for the thumbnail, the full-size view and the download. */
  url: string;
}

export type GenerateState =
  | { status: 'idle' }
  | { status: 'running'; done: number; total: number; pages: GeneratedPage[] }
  | { status: 'cancelled'; pages: GeneratedPage[] }
  | { status: 'failed'; error: EngineErrorKey; pages: GeneratedPage[] }
  | {
      status: 'done';
      pages: GeneratedPage[];
      /** Each page's real text lines: the PDF's searchable layer. */
      lines: TextLine[][];
      page: { width: number; height: number };
    };

/**
 * "Generate all" in the generating worker: pages arrive one by one; cancel ends the worker. Each page
 * is also kept in the handwriting database as it arrives, so /hand-write/preview and a reload show
 * the last run's pages (`saved` settles when what has arrived so far is written).
 */
export function useGenerate(engine: HandwritingEngine | undefined) {
  const [state, setState] = useState<GenerateState>({ status: 'idle' });
  const [notKept, setNotKept] = useState(false);
  const controller = useRef<AbortController | undefined>(undefined);
  const urls = useRef<string[]>([]);
  const saving = useRef<Promise<void>>(Promise.resolve());

  // Written in arrival order; a failed write (a full disk) is said once and the page keeps working.
  const keep = useCallback((write: () => Promise<void>) => {
    saving.current = saving.current.then(write).catch(() => setNotKept(true));
  }, []);

  const release = () => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current = [];
  };
  useEffect(() => {
    let alive = true;
    const restore = async () => {
      const [run, stored] = await Promise.all([handWriteStorage.pages.run(), handWriteStorage.pages.all()]);
      if (!alive || controller.current || stored.length === 0) return;
      const pages = stored.map((page) => {
        const url = URL.createObjectURL(page.png);
        urls.current.push(url);
        return { ...page, url };
      });
      setState(
        run?.complete && pages.length === run.total
          ? { status: 'done', pages, lines: run.lines, page: run.page }
          : { status: 'cancelled', pages },
      );
    };
    restore().catch(() => undefined);
    return () => {
      alive = false;
      controller.current?.abort();
      release();
    };
  }, []);

  const start = useCallback(
    (text: string, settings: RenderSettings) => {
      if (!engine) return;
      controller.current?.abort();
      release();
      const abort = new AbortController();
      controller.current = abort;
      const pages: GeneratedPage[] = [];
      setState({ status: 'running', done: 0, total: 0, pages });
      const run = async () => {
        const layout = await engine.layout(text, settings);
        setState({ status: 'running', done: 0, total: layout.pages.length, pages: [] });
        const lines = layout.pages.map((page) => page.lines);
        setNotKept(false);
        keep(() => handWriteStorage.pages.begin({ total: layout.pages.length, lines, page: layout.paper.page, time: Date.now() }));
        await engine.renderAll(text, settings, {
          signal: abort.signal,
          onPage: (page, progress) => {
            if (abort.signal.aborted) return;
            const url = URL.createObjectURL(page.png);
            urls.current.push(url);
            pages.push({ ...page, url });
            keep(() => handWriteStorage.pages.add({ index: page.index, png: page.png, width: page.width, height: page.height }));
            setState({ status: 'running', done: progress.done, total: progress.total, pages: [...pages] });
          },
        });
        return layout;
      };
      run().then(
        (layout) => {
          if (abort.signal.aborted) return;
          keep(() => handWriteStorage.pages.finish());
          setState({ status: 'done', pages: [...pages], lines: layout.pages.map((page) => page.lines), page: layout.paper.page });
        },
        (error: unknown) => {
          if (controller.current !== abort) return;
          if (abort.signal.aborted || isAbort(error)) setState({ status: 'cancelled', pages: [...pages] });
          else setState({ status: 'failed', error: engineErrorKey(error), pages: [...pages] });
        },
      );
    },
    [engine, keep],
  );

  const cancel = useCallback(() => {
    const abort = controller.current;
    if (!abort) return;
    abort.abort();
    setState((current) => (current.status === 'running' ? { status: 'cancelled', pages: current.pages } : current));
  }, []);

  /** Settles once every page that has arrived is in the database (or failed to be). */
  const saved = useCallback(() => saving.current, []);

  return { state, start, cancel, saved, notKept };
}
