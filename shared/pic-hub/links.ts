import type { LinkFormat } from '../contracts/pic-hub-base';

/** Spec §3 link copy formats (docs/pic-hub.md "Links"). */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** One line: a line break inside alt text would end a Markdown image or a forum tag early. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

// The CDN URLs are percent-encoded already (renderCdnUrl); these are what a hand-written template
// could still carry and what would end the link early in each format.
const encodeChars = (url: string, chars: RegExp) =>
  url.replace(chars, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);

export function formatLink(format: LinkFormat, url: string, alt = ''): string {
  switch (format) {
    case 'markdown':
      return `![${oneLine(alt).replace(/[\\[\]]/g, '\\$&')}](${encodeChars(url, /[\s()<>]/g)})`;
    case 'html':
      return `<img src="${escapeHtml(url)}" alt="${escapeHtml(oneLine(alt))}">`;
    case 'ubb':
      return `[img]${encodeChars(url, /[\s[\]]/g)}[/img]`;
    case 'url':
      return url;
  }
}

/** "Copy all": one link a line, in the order given. */
export function formatLinks(format: LinkFormat, links: readonly { url: string; alt?: string }[]): string {
  return links.map((link) => formatLink(format, link.url, link.alt)).join('\n');
}
