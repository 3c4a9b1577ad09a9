import { useEffect, useMemo, useState } from 'react';
import type { ToolDefinition } from '@/tools/types';
import type { FindTools } from './tool-index';

let findTools: FindTools | undefined;
let loading: Promise<FindTools> | undefined;

/**
 * Loads the search index (pinyin-pro, Fuse and the tools' keywords and aliases) once; call it when
 * the user shows intent (focus on a search box, the palette opening) so it is ready by the first letter.
 */
export function preloadToolSearch(): Promise<FindTools> {
  loading ??= import('./tool-index').then((module) => module.loadToolIndex()).then((find) => (findTools = find));
  // A failed load (offline, stale deploy) is tried again on the next keystroke.
  loading.catch(() => (loading = undefined));
  return loading;
}

/** Tools matching the query, best first; undefined when there is no query, or while the index loads. */
export function useFoundTools(query: string): ToolDefinition[] | undefined {
  const [ready, setReady] = useState(findTools !== undefined);
  const wanted = query.trim() !== '';
  useEffect(() => {
    if (ready || !wanted) return;
    let live = true;
    preloadToolSearch().then(
      () => live && setReady(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [ready, wanted, query]);
  return useMemo(() => (ready && findTools ? findTools(query) : undefined), [ready, query]);
}
