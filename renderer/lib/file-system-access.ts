/**
 * The File System Access pickers (Chromium, Edge and Electron): files and folders the user chose
 * are written in place or read without an "upload N files?" prompt. Not in TypeScript's DOM types
 * yet, and absent in Firefox and Safari, so every use goes through the detection here and falls
 * back (a download, a webkitdirectory input) where it is missing.
 */

export interface DirectoryPickerOptions {
  mode?: 'read' | 'readwrite';
  /** Lets the browser remember the last folder per purpose. */
  id?: string;
}

export interface SaveFilePickerOptions {
  suggestedName?: string;
  id?: string;
}

interface PickerWindow {
  showDirectoryPicker?: (options?: DirectoryPickerOptions) => Promise<FileSystemDirectoryHandle>;
  showSaveFilePicker?: (options?: SaveFilePickerOptions) => Promise<FileSystemFileHandle>;
}

const pickers = (target: object | undefined): PickerWindow => (target ?? {}) as PickerWindow;
const currentWindow = (): object | undefined => (typeof window === 'undefined' ? undefined : window);

export const canPickDirectory = (target = currentWindow()): boolean => typeof pickers(target).showDirectoryPicker === 'function';
export const canPickSaveFile = (target = currentWindow()): boolean => typeof pickers(target).showSaveFilePicker === 'function';

/**
 * Asks for a folder. Must run inside a click handler (browsers open pickers only on a user
 * gesture). `null` when the user closes the picker; a NotSupportedError where there is none.
 */
export function pickDirectory(options: DirectoryPickerOptions, target = currentWindow()): Promise<FileSystemDirectoryHandle | null> {
  const picker = pickers(target).showDirectoryPicker;
  if (typeof picker !== 'function') return Promise.reject(new DOMException('no directory picker', 'NotSupportedError'));
  return orNullOnAbort(picker.call(target, options));
}

/** Asks where to save a file; the same rules as pickDirectory. */
export function pickSaveFile(options: SaveFilePickerOptions, target = currentWindow()): Promise<FileSystemFileHandle | null> {
  const picker = pickers(target).showSaveFilePicker;
  if (typeof picker !== 'function') return Promise.reject(new DOMException('no save picker', 'NotSupportedError'));
  return orNullOnAbort(picker.call(target, options));
}

async function orNullOnAbort<T>(pending: Promise<T>): Promise<T | null> {
  try {
    return await pending;
  } catch (error) {
    // Closing the picker rejects with AbortError: a choice, not a failure.
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
}
