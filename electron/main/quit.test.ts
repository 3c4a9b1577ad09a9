import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { IpcContext } from './ipc/handle';
import { Jobs } from './ipc/jobs';
import { stopJobsBeforeQuit } from './quit';

/** Electron's app as far as quitting goes: `quit()` emits before-quit and quits unless a listener prevents it. */
class FakeApp extends EventEmitter {
  quitted = 0;
  quit(): void {
    let prevented = false;
    this.emit('before-quit', { preventDefault: () => (prevented = true) });
    if (!prevented) this.quitted += 1;
  }
}

const context = (): IpcContext => ({ senderId: 1, signal: new AbortController().signal, emit: () => undefined });

/** A job that, once cancelled, needs `cleanupMs` to remove what it wrote. */
function slowJob(jobs: Jobs, cleanupMs: number, log: string[]) {
  return jobs
    .run(
      context(),
      crypto.randomUUID(),
      (signal) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener('abort', () =>
            setTimeout(() => {
              log.push('cleaned up');
              reject(new Error('cancelled'));
            }, cleanupMs),
          );
        }),
    )
    .catch(() => undefined);
}

describe('stopJobsBeforeQuit', () => {
  it('quits at once when nothing runs', () => {
    const app = new FakeApp();
    stopJobsBeforeQuit(app, new Jobs());
    app.quit();
    expect(app.quitted).toBe(1);
  });

  it('cancels running jobs and quits only after they cleaned up', async () => {
    const app = new FakeApp();
    const jobs = new Jobs();
    const log: string[] = [];
    stopJobsBeforeQuit(app, jobs);
    const running = [slowJob(jobs, 30, log), slowJob(jobs, 60, log)];
    app.quit();
    app.quit();
    expect(app.quitted).toBe(0);
    await Promise.all(running);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(log).toEqual(['cleaned up', 'cleaned up']);
    expect(app.quitted).toBe(1);
  });

  it('quits after the grace period when a job does not stop', async () => {
    const app = new FakeApp();
    const jobs = new Jobs();
    stopJobsBeforeQuit(app, jobs, 50);
    void jobs.run(context(), 'stuck', () => new Promise(() => undefined));
    app.quit();
    expect(app.quitted).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(app.quitted).toBe(1);
  });
});
