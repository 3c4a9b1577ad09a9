import createDOMPurify from 'dompurify';
import type { WindowLike } from 'dompurify';
import createMarkdownIt from 'markdown-it';

/**
 * The board's Markdown subset: emphasis, strike-through, inline code and code blocks, lists, quotes
 * and links. Raw HTML is never parsed (`html: false` prints it as text), and headings, tables,
 * rules and pictures are off: a post is a message, and a picture from another host would leak its
 * readers' addresses (the CSP blocks it anyway).
 */
const markdown = createMarkdownIt('zero', { linkify: true, breaks: true })
  .enable(['emphasis', 'strikethrough', 'backticks', 'code', 'fence', 'list', 'blockquote', 'link', 'autolink', 'linkify', 'newline'])
  .enable(['escape', 'entity']);

const ALLOWED_TAGS = ['p', 'br', 'em', 'strong', 's', 'code', 'pre', 'ul', 'ol', 'li', 'blockquote', 'a'];

/**
 * Markdown → HTML safe to put in the page: markdown-it escapes what it does not render, then
 * DOMPurify keeps only the subset's tags and a link's href (no javascript: or data:), so even a
 * fault in the parser cannot carry script or handlers through.
 */
export function createPostRenderer(window: WindowLike): (source: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName !== 'A') return;
    node.setAttribute('target', '_blank');
    // Readers' links: no handle back to the page, no referrer, and no search-ranking endorsement.
    node.setAttribute('rel', 'noopener noreferrer nofollow ugc');
  });
  return (source) =>
    purify.sanitize(markdown.render(source), {
      ALLOWED_TAGS,
      ALLOWED_ATTR: ['href', 'target', 'rel'],
      ALLOWED_URI_REGEXP: /^(?:https?:|mailto:)/i,
    });
}
