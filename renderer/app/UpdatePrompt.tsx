import { lazy, Suspense } from 'react';
import { useWaitingUpdate } from './pwa';

// The notification (antd's, with its motion and list) loads only when a new version waits.
const UpdateNotice = lazy(() => import('./UpdateNotice'));

/** "A new version is available — reload", kept on screen until the visitor acts or closes it. */
export function UpdatePrompt() {
  const applyUpdate = useWaitingUpdate();
  if (!applyUpdate) return null;
  return (
    <Suspense fallback={null}>
      <UpdateNotice applyUpdate={applyUpdate} />
    </Suspense>
  );
}
