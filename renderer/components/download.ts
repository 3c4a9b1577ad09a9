/**
 * Saves a Blob under `fileName` through a temporary object URL. A Blob built from a File (e.g.
 * `new Blob([file, trailer])`) only references the file's bytes, so multi-GB downloads never load
 * into memory. The URL is revoked a minute later rather than at once: some browsers start reading
 * it only after the click handler has returned.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Saves text as a UTF-8 file (with the given MIME type, plain text by default). */
export function downloadText(text: string, fileName: string, type = 'text/plain;charset=utf-8'): void {
  downloadBlob(new Blob([text], { type }), fileName);
}
