/**
 * Pictures pasted into a document live in the browser's database, and the Markdown links them by
 * id through this scheme (`![name](md-image:<id>)`): the preview resolves it to a blob: URL, an
 * HTML export inlines the bytes. markdown-it lets the scheme through (it only refuses javascript:,
 * vbscript:, file: and non-image data:).
 */
export const MD_IMAGE_SCHEME = 'md-image:';

/** The largest picture kept with a document: bigger ones slow every load of it. */
export const MD_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export function imageUrl(id: string): string {
  return `${MD_IMAGE_SCHEME}${id}`;
}

/** The image id of a link target, or undefined when it is no local image. */
export function imageIdOf(url: string): string | undefined {
  if (!url.startsWith(MD_IMAGE_SCHEME)) return undefined;
  const id = url.slice(MD_IMAGE_SCHEME.length);
  return /^[0-9a-f]{8,64}$/i.test(id) ? id : undefined;
}

/** Markdown for one picture; brackets in the name would end the alt text early. */
export function imageMarkdown(name: string, id: string): string {
  const alt = name.replace(/\.[a-z0-9]+$/i, '').replace(/[[\]\\]/g, '');
  return `![${alt}](${imageUrl(id)})`;
}

/**
 * Replaces every occurrence of each key (the blob: URLs the preview drew) with its value (the
 * picture as a data: URL), so an exported .html shows the pictures from a disk, offline.
 */
export function replaceUrls(html: string, replacements: ReadonlyMap<string, string>): string {
  let out = html;
  for (const [from, to] of replacements) out = out.split(from).join(to);
  return out;
}

/**
 * The Markdown with each local picture's link replaced by the picture itself (a data: URL), so an
 * exported .md shows its pictures in any editor that reads data: URLs (Typora, VS Code, Obsidian)
 * instead of pointing at this browser's database. A link whose picture is gone stays as written.
 */
export function inlineImageLinks(markdown: string, dataUrlOf: (id: string) => string | undefined): string {
  return markdown.replace(/md-image:[0-9a-f]{8,64}/gi, (link) => {
    const id = imageIdOf(link);
    return (id && dataUrlOf(id)) || link;
  });
}
