import { lazy, Suspense, useCallback, useState } from 'react';
import { registerLayoutSlot } from '@/layouts/slots';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { useFurniture } from '@/stores/furniture';

const loadRoot = () => import('./FurnitureRoot');
const FurnitureRoot = lazy(loadRoot);

/**
 * The default layout's `welfare` slot (issue 19): in every page's first chunk, so it is only this.
 * Once the page is idle it loads the rest, which reads the site-owner content and draws the welfare
 * entry; the welfare dialog and the personal and enterprise drawers (opened through the furniture
 * store, from the floating menu, the account menu or the footer) load on their first opening.
 */
function WelfareSlot() {
  const [ready, setReady] = useState(false);
  const opened = useFurniture((state) => state.open !== null);
  usePreloadWhenIdle(useCallback(() => loadRoot().then(() => setReady(true)), []));
  if (!ready && !opened) return null;
  return (
    <Suspense fallback={null}>
      <FurnitureRoot />
    </Suspense>
  );
}

/** Fills the default layout's welfare slot; called once at start. */
export function registerWelfareSlot(): void {
  registerLayoutSlot('welfare', WelfareSlot);
}
