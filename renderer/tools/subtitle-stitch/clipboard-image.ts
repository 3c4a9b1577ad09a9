/** Whether this browser can put an image on the clipboard (async Clipboard API with ClipboardItem, secure context only). */
export function canCopyImage(): boolean {
  return window.isSecureContext && typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard?.write === 'function';
}

/**
 * Copies a PNG. The blob is handed over as a promise so the copy starts inside the click's user
 * activation (Safari refuses clipboard writes that begin after an await).
 */
export async function copyPng(png: Promise<Blob>): Promise<void> {
  await navigator.clipboard.write([new ClipboardItem({ 'image/png': png })]);
}
