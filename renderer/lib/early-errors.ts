/**
 * The page's errors from its first moment until the console's collector (lib/log.ts, loaded just
 * after the first render) takes over: kept as they come, in the first load, a few lines.
 */
const early: Event[] = [];
const keep = (event: Event) => void early.push(event);

export function bufferPageErrors(target: Pick<Window, 'addEventListener'> = window): void {
  target.addEventListener('error', keep);
  target.addEventListener('unhandledrejection', keep);
}

/** Stops keeping and hands over what was kept, oldest first. */
export function takeEarlyErrors(target: Pick<Window, 'removeEventListener'> = window): Event[] {
  target.removeEventListener('error', keep);
  target.removeEventListener('unhandledrejection', keep);
  return early.splice(0);
}
