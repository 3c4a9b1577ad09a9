/**
 * Files the operating system asks the desktop app to open (a double-click, "Open with 百宝箱"): which
 * tool opens which extension, and the capability a tool page subscribes to. electron-builder.yml's
 * fileAssociations list the same extensions (electron/packaging.test.ts keeps the two in step).
 */

/** Tool route → the extensions it is registered for, lower case, without the dot. */
export const FILE_ASSOCIATIONS = {
  '/excel': ['xlsx', 'xls', 'csv'],
  '/doc/preview': ['docx'],
  '/ppt/preview': ['pptx'],
  '/psd': ['psd', 'psb'],
  '/sketch': ['sketch'],
  '/epub/reader': ['epub', 'mobi', 'azw3'],
} as const satisfies Record<string, readonly string[]>;

export type OpenedFileRoute = keyof typeof FILE_ASSOCIATIONS;
export const OPENED_FILE_ROUTES = Object.keys(FILE_ASSOCIATIONS) as [OpenedFileRoute, ...OpenedFileRoute[]];

/** The tool that opens a file at `path`, by its extension; undefined for a type we are not registered for. */
export function routeOfPath(path: string): OpenedFileRoute | undefined {
  const extension = /\.([^./\\]+)$/.exec(path)?.[1]?.toLowerCase();
  if (!extension) return undefined;
  return OPENED_FILE_ROUTES.find((route) => (FILE_ASSOCIATIONS[route] as readonly string[]).includes(extension));
}

/** A file main read for the page: its name and bytes (main reads it from the path it was given). */
export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
}

/** What a tool page subscribes to (F: the renderer's File). On the website nothing is ever opened this way. */
export interface OpenedFilesCapability<F> {
  /**
   * Calls `listener` with files the system opened for `route`: at once with those already waiting
   * (the app was started by opening them), later with each new one. Returns the unsubscribe.
   */
  subscribe(route: OpenedFileRoute, listener: (files: F[]) => void): () => void;
}
