/** The largest file /md/editor imports (issue 17: a 5 MB file is refused with a message). */
export const MD_IMPORT_MAX_BYTES = 5 * 1024 * 1024;

/** What the import picker offers and accepts. */
export const MD_IMPORT_EXTENSIONS = ['.md', '.markdown', '.txt'] as const;
export const MD_IMPORT_ACCEPT = MD_IMPORT_EXTENSIONS.join(',');

export function isMarkdownFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return MD_IMPORT_EXTENSIONS.some((extension) => lower.endsWith(extension));
}
