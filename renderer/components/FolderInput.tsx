import type { RefObject } from 'react';

export interface FolderInputProps {
  /** Call `inputRef.current?.click()` to open the folder picker. */
  inputRef: RefObject<HTMLInputElement | null>;
  /** Every file of the picked folder, with `webkitRelativePath` set; not called for an empty pick. */
  onFiles: (files: File[]) => void;
  'data-testid'?: string;
}

/** A hidden `<input type="file">` that picks a whole folder. */
export function FolderInput({ inputRef, onFiles, 'data-testid': testId }: FolderInputProps) {
  return (
    <input
      ref={(element) => {
        inputRef.current = element;
        // React has no prop for it; the DOM property makes the input pick a whole folder.
        if (element) element.webkitdirectory = true;
      }}
      type="file"
      multiple
      hidden
      data-testid={testId}
      // The input often sits inside a clickable drop zone, which must not open a second picker.
      onClick={(event) => event.stopPropagation()}
      onChange={(event) => {
        const files = Array.from(event.target.files ?? []);
        // Reset so picking the same folder again fires another change.
        event.target.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
