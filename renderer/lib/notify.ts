import type { MessageInstance } from 'antd/es/message/interface';

export type NotifyType = 'success' | 'info' | 'warning' | 'error' | 'loading';

/** Spec §9: messages show for 3 s unless told otherwise. */
export const MESSAGE_DURATION_SECONDS = 3;

let instance: MessageInstance | undefined;
const showing = new Set<string>();

/** Called once by the app shell with antd's context-aware message API (theme and locale follow). */
export function bindMessageApi(api: MessageInstance | undefined): void {
  instance = api;
}

/**
 * Shows a toast unless one with the same type and text is already on screen (spec §5): a burst of
 * identical errors (a dead network, a failing batch) shows one message, not twenty.
 * Returns whether the message was shown.
 */
export function notify(type: NotifyType, content: string, durationSeconds = MESSAGE_DURATION_SECONDS): boolean {
  const key = `${type}\u0000${content}`;
  if (showing.has(key) || !instance) return false;
  showing.add(key);
  void instance.open({ type, content, duration: durationSeconds, key, onClose: () => showing.delete(key) });
  return true;
}

export const toast = {
  success: (content: string, duration?: number) => notify('success', content, duration),
  info: (content: string, duration?: number) => notify('info', content, duration),
  warning: (content: string, duration?: number) => notify('warning', content, duration),
  error: (content: string, duration?: number) => notify('error', content, duration),
};
