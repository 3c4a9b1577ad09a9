import type { CapabilityIpc } from './types';

/** The slice of Electron's `powerSaveBlocker` used here; tests pass a fake. */
export interface PowerSaveBlockerLike {
  start(type: 'prevent-display-sleep'): number;
  stop(id: number): void;
  isStarted(id: number): boolean;
}

/**
 * `platform.screenAwake` on the desktop: one blocker per window at most, so repeated `on` calls do
 * not stack blockers that one `off` would not undo. A page that goes away (closed, reloaded,
 * crashed) without saying `off` has its blocker stopped too, or the display would never sleep again
 * while the app runs.
 */
export function registerScreenAwake({ handle }: CapabilityIpc, blocker: PowerSaveBlockerLike | undefined): void {
  const held = new Map<number, number>();
  const stop = (senderId: number) => {
    const id = held.get(senderId);
    held.delete(senderId);
    if (id !== undefined && blocker?.isStarted(id)) blocker.stop(id);
  };
  handle('screen:keep-awake', ({ on }, { senderId, signal }) => {
    if (!blocker) throw new Error('keeping the screen awake is not available');
    if (!on) return stop(senderId);
    const current = held.get(senderId);
    if (current !== undefined && blocker.isStarted(current)) return;
    held.set(senderId, blocker.start('prevent-display-sleep'));
    signal.addEventListener('abort', () => stop(senderId), { once: true });
  });
}
