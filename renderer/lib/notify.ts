import type { MessageInstance } from 'antd/es/message/interface';

export type NotifyType = 'success' | 'info' | 'warning' | 'error' | 'loading';

/** Spec §9: messages show for 3 s unless told otherwise. */
export const MESSAGE_DURATION_SECONDS = 3;

let instance: MessageInstance | undefined;
let loadHost: (() => void) | undefined;
const showing = new Set<string>();
/** Messages asked for while the host was still loading, shown in order once it is there. */
let pending: { type: NotifyType; content: string; durationSeconds: number; key: string }[] = [];

function open(type: NotifyType, content: string, durationSeconds: number, key: string): void {
  void instance!.open({ type, content, duration: durationSeconds, key, onClose: () => showing.delete(key) });
}

/**
 * Called by the app shell with antd's context-aware message API (theme and locale follow) once its
 * message host is mounted; whatever was asked for before shows then.
 */
export function bindMessageApi(api: MessageInstance | undefined): void {
  instance = api;
  if (!api) return;
  const waiting = pending;
  pending = [];
  waiting.forEach((message) => open(message.type, message.content, message.durationSeconds, message.key));
}

/**
 * The shell's message host (antd's message list and its styles) is no part of the first load: the
 * first toast asks the shell to mount it, and waits for it.
 */
export function setMessageHostLoader(load: (() => void) | undefined): void {
  loadHost = load;
}

/**
 * Shows a toast unless one with the same type and text is already on screen (spec §5): a burst of
 * identical errors (a dead network, a failing batch) shows one message, not twenty.
 * Returns whether the message was shown.
 */
export function notify(type: NotifyType, content: string, durationSeconds = MESSAGE_DURATION_SECONDS): boolean {
  const key = `${type}\u0000${content}`;
  if (showing.has(key) || (!instance && !loadHost)) return false;
  showing.add(key);
  if (instance) {
    open(type, content, durationSeconds, key);
  } else {
    pending.push({ type, content, durationSeconds, key });
    loadHost!();
  }
  return true;
}

export const toast = {
  success: (content: string, duration?: number) => notify('success', content, duration),
  info: (content: string, duration?: number) => notify('info', content, duration),
  warning: (content: string, duration?: number) => notify('warning', content, duration),
  error: (content: string, duration?: number) => notify('error', content, duration),
};
