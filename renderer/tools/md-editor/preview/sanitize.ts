import createDOMPurify from 'dompurify';
import type { Config, WindowLike } from 'dompurify';

/**
 * What a document's HTML may keep before it reaches the page: its text, structure, math (MathML and
 * KaTeX's styled spans), inline SVG drawings and task-list checkboxes; never script, event handlers,
 * javascript: links, frames, forms or stylesheets. A document comes from anywhere (an imported file,
 * a paste), so it is as untrusted as a web page.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true, svg: true, mathMl: true },
  // <style> would restyle the whole app (and can fetch URLs); the rest can navigate, submit or embed.
  FORBID_TAGS: ['style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'button', 'textarea', 'select', 'link', 'meta', 'base'],
  FORBID_ATTR: ['formaction', 'srcset', 'ping'],
};

const EXTERNAL = /^[a-z][a-z0-9+.-]*:/i;

/**
 * A sanitiser bound to one window (the page's; jsdom's in tests). `resolveUrl` maps an image source
 * to one the page can show (the documents layer's local images → blob: URLs); what it returns is
 * trusted, the document's own sources are not.
 */
export function createSanitizer(window: WindowLike, resolveUrl?: (url: string) => string | undefined): (html: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeElement', (node, data) => {
    // Task lists are the only inputs a preview has: anything else could take input or submit.
    if (data.tagName === 'input' && (node as Element).getAttribute('type') !== 'checkbox') node.parentNode?.removeChild(node);
  });
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    if (!resolveUrl || data.attrName !== 'src' || node.nodeName !== 'IMG') return;
    const resolved = resolveUrl(data.attrValue);
    if (resolved === undefined) {
      data.keepAttr = false;
    } else if (resolved !== data.attrValue) {
      // A kept attribute is not written back from attrValue: set it here.
      (node as Element).setAttribute('src', resolved);
      data.forceKeepAttr = true;
    }
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'INPUT') node.setAttribute('disabled', '');
    if (node.nodeName === 'A') {
      const href = node.getAttribute('href') ?? '';
      // Links out open beside the editor, and the opened page gets no handle back to it.
      if (EXTERNAL.test(href) || node.hasAttribute('target')) {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
  });
  return (html) => purify.sanitize(html, CONFIG);
}

/**
 * For mermaid's drawings: SVG only, with the <style> element its diagrams carry (scoped to the
 * diagram's id), still without script, handlers or foreign HTML.
 */
export function createSvgSanitizer(window: WindowLike): (svg: string) => string {
  const purify = createDOMPurify(window);
  return (svg) => purify.sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_TAGS: ['style'] });
}
