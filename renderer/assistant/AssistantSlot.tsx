import { lazy, Suspense, useCallback, useState } from 'react';
import { registerLayoutSlot } from '@/layouts/slots';
import { usePreloadWhenIdle } from '@/lib/preload-when-idle';
import { useSettings } from '@/stores/settings';
import { useAssistant } from './store';

const loadRoot = () => import('./AssistantRoot');
const AssistantRoot = lazy(loadRoot);

/**
 * The default layout's `assistant` slot: in every page's first chunk, so it is only this. The
 * character and its panel load once the page is idle, or at once when the floating menu opens it.
 */
function AssistantSlot() {
  const [ready, setReady] = useState(false);
  const visible = useSettings((state) => state.assistantVisible);
  const opened = useAssistant((state) => state.open);
  usePreloadWhenIdle(useCallback(() => loadRoot().then(() => setReady(true)), []));
  if ((!ready || !visible) && !opened) return null;
  return (
    <Suspense fallback={null}>
      <AssistantRoot />
    </Suspense>
  );
}

/** Fills the default layout's assistant slot; called once at start. */
export function registerAssistantSlot(): void {
  registerLayoutSlot('assistant', AssistantSlot);
}
