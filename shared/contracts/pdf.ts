/**
 * Saving a page's HTML as a PDF without the print dialog: Electron's webContents.printToPDF on the
 * desktop. The website has no such capability (browsers only print through their dialog), so
 * `platform.pdf` is undefined there and a tool prints with the page's print CSS instead.
 */
export interface PdfCapability {
  /**
   * Lays out a self-contained HTML document (its print rules apply; scripts do not run) and saves it
   * as a PDF where the user picks, `suggestedName` proposed. null: the user closed the save dialog.
   */
  saveHtml(html: string, suggestedName: string): Promise<{ savedPath: string } | null>;
}

/** The largest HTML main lays out (characters): a 5 MB document with its pictures inlined fits. */
export const PDF_HTML_MAX = 64 * 1024 * 1024;
export const PDF_FILE_NAME_MAX = 255;
