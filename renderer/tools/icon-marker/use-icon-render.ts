import { transfer } from 'comlink';
import { imageErrorCode, unsupportedFormat } from '@shared/contracts/image-base';
import type { Remote } from 'comlink';
import { isComponentUnavailable } from '@/lib/load-failure';
import { WorkerClient } from '@/lib/worker-client';
import { useEffect, useRef, useState } from 'react';
import { iconContent, paintSpecs, textProblem } from './icon-marker.service';
import type { IconSettings, OutputFile } from './icon-marker.service';
import type { IconWorkerApi } from './icon-marker.worker';
import { isSvg, rasteriseSvg } from './svg-source';

export type RenderState =
  | { status: 'idle' | 'loading' }
  | { status: 'error'; error: LoadFailure | 'render'; message?: string }
  | { status: 'done'; files: OutputFile[] };

interface Rendered {
  settings: IconSettings;
  image: File | null;
  outcome: { files: OutputFile[]; previews: Record<string, string> } | { error: 'render' | 'componentUnavailable'; message?: string };
}

/** Settings changes within this window (slider drags, typing) produce one render. */
const DEBOUNCE_MS = 120;

/**
 * Owns the page's render worker: loads the uploaded image into it and re-renders the whole set
 * when settings change. Everything shown is derived from the latest finished render, so a slow
 * render that a newer one overtook is never displayed; previews stay on screen while the next
 * render runs.
 */
type LoadFailure = 'decode' | 'unsupported' | 'psd' | 'tooLarge' | 'componentUnavailable';

/**
 * A real image the browser cannot read (TIFF; PSD, which has a tool of its own) or will not decode
 * (over the largest side), or a decoder that could not be downloaded, is told apart from a damaged file.
 */
function loadFailure(error: unknown): LoadFailure {
  if (isComponentUnavailable(error)) return 'componentUnavailable';
  const code = imageErrorCode(error);
  if (code === 'unsupportedInput') return unsupportedFormat(error) === 'psd' ? 'psd' : 'unsupported';
  return code === 'tooLarge' ? 'tooLarge' : 'decode';
}

export function useIconRender(
  settings: IconSettings,
  image: File | null,
): { state: RenderState; previews: Record<string, string>; zip: (files: readonly OutputFile[]) => Promise<Uint8Array> } {
  const api = useRef<Remote<IconWorkerApi> | null>(null);
  const [loaded, setLoaded] = useState<{ file: File; ok: boolean; failure?: LoadFailure } | null>(null);
  const [rendered, setRendered] = useState<Rendered | null>(null);

  useEffect(() => {
    // A crashed worker fails the calls it owed (the render shows its error) and the next call starts afresh.
    const client = new WorkerClient<IconWorkerApi>(
      () => new Worker(new URL('./icon-marker.worker.ts', import.meta.url), { type: 'module', name: 'icon-marker' }),
    );
    api.current = client.api;
    return () => {
      api.current = null;
      client.terminate();
    };
  }, []);

  useEffect(() => {
    const remote = api.current;
    if (!remote) return undefined;
    if (!image) {
      void remote.clearImage();
      return undefined;
    }
    let current = true;
    const load = isSvg(image)
      ? rasteriseSvg(image).then((bitmap) => remote.loadImage(transfer(bitmap, [bitmap])))
      : remote.loadImage(image);
    load.then(
      () => current && setLoaded({ file: image, ok: true }),
      (error: unknown) => current && setLoaded({ file: image, ok: false, failure: loadFailure(error) }),
    );
    return () => {
      current = false;
    };
  }, [image]);

  const needsImage = settings.source === 'image';
  const imageStatus = !needsImage ? 'ready' : !image ? 'missing' : loaded?.file !== image ? 'loading' : loaded.ok ? 'ready' : 'failed';
  const blocked = textProblem(settings) !== null || imageStatus === 'missing';
  const renderImage = needsImage ? image : null;

  useEffect(() => {
    const remote = api.current;
    if (blocked || imageStatus !== 'ready' || !remote) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      remote.render(settings, iconContent(settings), paintSpecs(settings)).then(
        ({ painted, files }) => {
          const previews = Object.fromEntries(
            Object.entries(painted).map(([key, bytes]) => [
              key,
              URL.createObjectURL(new Blob([new Uint8Array(bytes)], { type: 'image/png' })),
            ]),
          );
          if (current) setRendered({ settings, image: renderImage, outcome: { files, previews } });
          else Object.values(previews).forEach((url) => URL.revokeObjectURL(url));
        },
        (error: unknown) =>
          current &&
          setRendered({
            settings,
            image: renderImage,
            outcome: isComponentUnavailable(error)
              ? { error: 'componentUnavailable' }
              : { error: 'render', message: error instanceof Error ? error.message : String(error) },
          }),
      );
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [settings, renderImage, imageStatus, blocked]);

  // Preview URLs live exactly as long as the render that made them.
  useEffect(() => {
    if (!rendered || !('previews' in rendered.outcome)) return undefined;
    const { previews } = rendered.outcome;
    return () => Object.values(previews).forEach((url) => URL.revokeObjectURL(url));
  }, [rendered]);

  const fresh = rendered !== null && rendered.settings === settings && rendered.image === renderImage;
  let state: RenderState;
  if (imageStatus === 'failed') state = { status: 'error', error: loaded?.failure ?? 'decode' };
  else if (blocked) state = { status: 'idle' };
  else if (!fresh) state = { status: 'loading' };
  else
    state =
      'error' in rendered.outcome
        ? { status: 'error', error: rendered.outcome.error, message: rendered.outcome.message }
        : { status: 'done', files: rendered.outcome.files };

  const previews = rendered && 'previews' in rendered.outcome ? rendered.outcome.previews : {};
  const zip = async (files: readonly OutputFile[]) => {
    if (!api.current) throw new Error('worker stopped');
    return api.current.zip(files);
  };
  return { state, previews, zip };
}
