// Apart from text-import.ts so the page can show the picker without loading the encoding detector
// (about 700 KB gz of frequency tables) and the .docx reader: those come with the first import.

/** What the text picker offers: plain text, Markdown (taken as written) and Word's .docx. */
export const TEXT_IMPORT_ACCEPT = '.txt,.md,.markdown,.docx';

/**
 * Larger files are refused before they are read: handwriting has no length limit, but 20 MB of text
 * is thousands of pages and more than anyone means to copy out by hand.
 */
export const TEXT_IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export type TextImportError = 'wrongType' | 'tooLarge' | 'binary' | 'corrupt' | 'empty';
