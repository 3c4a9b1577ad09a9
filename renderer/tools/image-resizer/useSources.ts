import { useCallback, useEffect, useRef, useState } from 'react';
import { randomHexId } from '@/lib/ids';
import { platform } from '@/platform';
import { resultBlob } from '@/components/image/names';
import type { Size } from './image-resizer.service';

export interface Source {
  id: string;
  file: File;
}

export interface Preview {
  id: string;
  /** Object URL of a downscaled, upright copy; undefined while it is made or when the file cannot be read. */
  url?: string;
  failed?: boolean;
}

/** Longest side of the crop preview: enough for a sharp box on a large screen, light to make and show. */
const PREVIEW_SIDE = 1200;

/**
 * The chosen files before processing: each is probed once (its upright size decides crop pixels and
 * percentages), and the selected one gets a small preview made by the image engine, off the UI thread.
 */
export function useSources() {
  const [sources, setSources] = useState<Source[]>([]);
  const [selectedId, setSelectedId] = useState<string>();
  const [sizes, setSizes] = useState<Record<string, Size>>({});
  const [preview, setPreview] = useState<Preview>();
  const probes = useRef(new Map<string, Promise<Size | undefined>>());

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file) => ({ id: randomHexId(), file }));
    for (const source of added) {
      const probe = platform.image.probe(source.file).then(
        ({ width, height }) => {
          setSizes((known) => ({ ...known, [source.id]: { width, height } }));
          return { width, height };
        },
        // An unreadable file gets its translated error from the batch, which decodes it the same way.
        () => undefined,
      );
      probes.current.set(source.id, probe);
    }
    setSources((list) => [...list, ...added]);
    setSelectedId((current) => current ?? added[0]?.id);
  }, []);

  const clear = useCallback(() => {
    probes.current.clear();
    setSources([]);
    setSizes({});
    setSelectedId(undefined);
  }, []);

  /** Every source with its size (undefined when it could not be read), once all probes are done. */
  const measured = useCallback(
    () => Promise.all(sources.map(async (source) => ({ ...source, size: await probes.current.get(source.id) }))),
    [sources],
  );

  const selected = sources.find((source) => source.id === selectedId);
  useEffect(() => {
    if (!selected) return undefined;
    const controller = new AbortController();
    let url: string | undefined;
    platform.image
      .process(
        selected.file,
        { ops: [{ kind: 'resize', width: PREVIEW_SIDE, height: PREVIEW_SIDE, fit: 'inside' }], output: { format: 'webp', quality: 85 } },
        { signal: controller.signal },
      )
      .then(
        (result) => {
          if (controller.signal.aborted) return;
          url = URL.createObjectURL(resultBlob(result));
          setPreview({ id: selected.id, url });
        },
        () => {
          if (!controller.signal.aborted) setPreview({ id: selected.id, failed: true });
        },
      );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [selected]);

  return {
    sources,
    selected,
    selectedSize: selected ? sizes[selected.id] : undefined,
    select: setSelectedId,
    preview: preview?.id === selected?.id ? preview : undefined,
    add,
    clear,
    measured,
  };
}
