/**
 * Prints the document alone: its pages and styles are copied into a hidden frame of the same origin
 * (so the pictures' blob: URLs still resolve) and the frame is printed, which leaves the site's
 * header, menus and toolbar out without a print stylesheet for the whole app.
 */
const PRINT_CSS = `
@page { margin: 0; }
html, body { margin: 0; padding: 0; background: #fff; }
.docx-wrapper { background: none !important; padding: 0 !important; display: block !important; }
.docx-wrapper > section.docx { box-shadow: none !important; margin: 0 !important; break-after: page; content-visibility: visible !important; }
`;

export function printDocument(styles: HTMLElement, body: HTMLElement, fontCss: string, title: string): void {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position: fixed; right: 0; bottom: 0; width: 0; height: 0; border: 0; visibility: hidden;';
  document.body.appendChild(frame);
  const frameDocument = frame.contentDocument;
  const frameWindow = frame.contentWindow;
  if (!frameDocument || !frameWindow) {
    frame.remove();
    return;
  }
  frameDocument.title = title;
  const style = frameDocument.createElement('style');
  style.textContent = fontCss + PRINT_CSS;
  frameDocument.head.append(style, ...Array.from(styles.childNodes, (node) => node.cloneNode(true)));
  frameDocument.body.append(...Array.from(body.childNodes, (node) => node.cloneNode(true)));
  const cleanup = () => frame.remove();
  frameWindow.addEventListener('afterprint', () => setTimeout(cleanup, 0), { once: true });
  // Pictures must have decoded before the print snapshot is taken.
  void Promise.all(Array.from(frameDocument.images, (image) => image.decode().catch(() => undefined))).then(() => {
    frameWindow.focus();
    frameWindow.print();
  });
}
