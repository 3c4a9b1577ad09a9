import type { Jobs } from './ipc/jobs';

/**
 * Long enough for 7-Zip to stop (its worker is ended after 2 s at most) and a staging folder of
 * many files to be removed; short enough that quitting still feels like quitting.
 */
export const QUIT_GRACE_MS = 5000;

/** The slice of Electron's `app` this needs. */
export interface QuittingApp {
  on(event: 'before-quit', listener: (event: { preventDefault(): void }) => void): unknown;
  quit(): void;
}

/**
 * Holds the quit until running jobs are cancelled and have cleaned up: Electron does not wait for
 * async work, so an extraction stopped by quitting would leave its staging folder in the user's
 * folder, and an archive being created its partial file.
 */
export function stopJobsBeforeQuit(app: QuittingApp, jobs: Pick<Jobs, 'size' | 'stopAll'>, graceMs = QUIT_GRACE_MS): void {
  let state: 'running' | 'stopping' | 'stopped' = 'running';
  app.on('before-quit', (event) => {
    if (state === 'stopped' || (state === 'running' && jobs.size === 0)) return;
    event.preventDefault();
    if (state === 'stopping') return;
    state = 'stopping';
    void jobs.stopAll(graceMs).finally(() => {
      state = 'stopped';
      app.quit();
    });
  });
}
