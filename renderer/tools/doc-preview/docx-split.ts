/**
 * Cuts a docx's body into several small docx files so the page can render a long document a slice
 * at a time. docx-preview parses and renders a whole document in one synchronous go on the main
 * thread (it needs the DOM, so it cannot run in a worker); a 200-page file would freeze the tab for
 * seconds. Each slice is a complete docx (same styles, numbering, headers, footnotes) whose body
 * holds a run of top-level blocks and the section properties that govern them.
 *
 * Pure string work, no DOM: it runs in the worker and under Node.
 */

export interface BodyParts {
  /** document.xml up to and including the body's opening tag. */
  readonly head: string;
  /** Top-level blocks of the body (paragraphs, tables, sdt…), in order. */
  readonly blocks: readonly string[];
  /** The body's own final sectPr ('' when the file has none). */
  readonly finalSectPr: string;
  /** From the body's closing tag to the end. */
  readonly tail: string;
}

/** First slice: small, so the first page shows quickly. */
export const FIRST_SLICE_CHARS = 8_000;
/**
 * Later slices: as small as the first. At 16,000 characters one render took 56 ms of CPU in a
 * clean-clone CI run on this 2-core machine; a 200-page file is still well under a hundred renders.
 */
export const SLICE_CHARS = 8_000;
/** Past this a slice is cut at any block, page boundary or not. */
const HARD_LIMIT = 4;

const BODY_OPEN = /<([A-Za-z_][\w.-]*:)?body(\s[^>]*)?>/;

/** Index just past the element that starts at `start` (a '<' of an opening tag), or -1 when the XML is cut short. */
function elementEnd(xml: string, start: number): number {
  let depth = 0;
  let at = start;
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    if (open < 0) return -1;
    if (xml.startsWith('<!--', open)) {
      const close = xml.indexOf('-->', open + 4);
      if (close < 0) return -1;
      at = close + 3;
      continue;
    }
    if (xml.startsWith('<![CDATA[', open)) {
      const close = xml.indexOf(']]>', open + 9);
      if (close < 0) return -1;
      at = close + 3;
      continue;
    }
    const close = xml.indexOf('>', open + 1);
    if (close < 0) return -1;
    const kind = xml[open + 1];
    if (kind === '?' || kind === '!') {
      at = close + 1;
      continue;
    }
    if (kind === '/') depth -= 1;
    else if (xml[close - 1] !== '/') depth += 1;
    at = close + 1;
    if (depth === 0) return at;
  }
  return -1;
}

/** Splits document.xml into its body's blocks; throws when the body cannot be found or is cut short. */
export function splitBody(xml: string): BodyParts {
  const bodyOpen = BODY_OPEN.exec(xml);
  if (!bodyOpen) throw new Error('document.xml has no body');
  const prefix = bodyOpen[1] ?? '';
  const bodyClose = xml.lastIndexOf(`</${prefix}body>`);
  if (bodyClose < 0) throw new Error('document.xml body is not closed');
  const head = xml.slice(0, bodyOpen.index + bodyOpen[0].length);
  const blocks: string[] = [];
  let finalSectPr = '';
  let at = head.length;
  while (at < bodyClose) {
    const start = xml.indexOf('<', at);
    if (start < 0 || start >= bodyClose) break;
    if (xml[start + 1] === '/' || xml[start + 1] === '?' || xml[start + 1] === '!') {
      at = xml.indexOf('>', start) + 1;
      continue;
    }
    const end = elementEnd(xml, start);
    if (end < 0 || end > bodyClose) throw new Error('document.xml is cut short');
    const block = xml.slice(start, end);
    if (block.startsWith(`<${prefix}sectPr`)) finalSectPr = block;
    else blocks.push(block);
    at = end;
  }
  return { head, blocks, finalSectPr, tail: xml.slice(bodyClose) };
}

const PAGE_BREAK = /<w:lastRenderedPageBreak\s*\/>|<w:br\b[^>]*w:type="page"|<w:pageBreakBefore(?:\s*\/>|\s+w:val="(?:1|true|on)")/;

/** Whether a block starts on a new page: a page break comes before its first text. */
function startsPage(block: string): boolean {
  const breakAt = block.search(PAGE_BREAK);
  if (breakAt < 0) return false;
  const textAt = block.indexOf('<w:t');
  return textAt < 0 || breakAt < textAt;
}

const SECT_PR = /<w:sectPr\b[\s\S]*?<\/w:sectPr>|<w:sectPr\b[^>]*\/>/;

/**
 * Groups blocks into slices: a slice ends where a new page or section begins once it has reached
 * its size, or anywhere once it is far past it (a document without saved page breaks).
 * Returns the index of each slice's first block.
 */
export function planSlices(blocks: readonly string[], firstChars = FIRST_SLICE_CHARS, chars = SLICE_CHARS): number[] {
  const starts = [0];
  let size = 0;
  for (let index = 0; index < blocks.length; index += 1) {
    const target = starts.length === 1 ? firstChars : chars;
    if (index > starts[starts.length - 1]! && size >= target) {
      const boundary = startsPage(blocks[index]!) || SECT_PR.test(blocks[index - 1]!);
      if (boundary || size >= target * HARD_LIMIT) {
        starts.push(index);
        size = 0;
      }
    }
    size += blocks[index]!.length;
  }
  return blocks.length === 0 ? [] : starts;
}

/**
 * The sectPr that governs blocks [from, to): a section's properties sit at its end, in the last
 * paragraph's pPr, or in the body for the last section. The slice's own body gets a copy of it, so
 * its last pages have the right size, margins, headers and footers.
 */
export function governingSectPr(parts: BodyParts, to: number): string {
  for (let index = to; index < parts.blocks.length; index += 1) {
    const found = SECT_PR.exec(parts.blocks[index]!);
    if (found && /^<w:p[\s>]/.test(parts.blocks[index]!)) return found[0];
  }
  return parts.finalSectPr;
}

/** The whole tag of the page break that starts a block. */
const LEADING_BREAK = /<w:lastRenderedPageBreak\s*\/>|<w:br\b[^>]*w:type="page"[^>]*\/>|<w:pageBreakBefore\b[^>]*\/>/;

const PARAGRAPH_OPEN = /^<w:p(?:\s[^>]*)?>/;
const OWN_PPR = /^(<w:p(?:\s[^>]*)?>\s*)<w:pPr(?:\s[^>]*)?(\/?)>/;

/**
 * A paragraph whose saved page break comes before its text starts the page as a whole: the break
 * becomes the paragraph's `pageBreakBefore`. docx-preview splits a paragraph at a break in its runs
 * and gives both halves the paragraph's properties, so a numbered item that starts a page left an
 * empty numbered line at the foot of the page before and counted twice.
 */
export function breakBeforeParagraph(block: string): string {
  if (!PARAGRAPH_OPEN.test(block) || !startsPage(block)) return block;
  const unbroken = block.replace(LEADING_BREAK, '');
  if (unbroken === block) return block;
  const withPPr = OWN_PPR.exec(unbroken);
  if (!withPPr) return unbroken.replace(PARAGRAPH_OPEN, (open) => `${open}<w:pPr><w:pageBreakBefore/></w:pPr>`);
  if (withPPr[2]) return unbroken.replace(OWN_PPR, `$1<w:pPr><w:pageBreakBefore/></w:pPr>`);
  return unbroken.replace(OWN_PPR, (open) => `${open}<w:pageBreakBefore/>`);
}

/**
 * document.xml of one slice. A slice after the first starts on a new page by being a new slice, so
 * the break that starts its first block is dropped: kept, it would render an empty page before it.
 */
export function sliceXml(parts: BodyParts, from: number, to: number): string {
  const blocks = parts.blocks.slice(from, to).map(breakBeforeParagraph);
  if (from > 0 && blocks[0] && startsPage(blocks[0])) blocks[0] = blocks[0].replace(LEADING_BREAK, '');
  return parts.head + blocks.join('') + governingSectPr(parts, to) + parts.tail;
}

/** Relationship id → target of a .rels part. */
export function parseRels(xml: string): Map<string, string> {
  const rels = new Map<string, string>();
  for (const match of xml.matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const attributes = match[1]!;
    const id = /\bId="([^"]*)"/.exec(attributes)?.[1];
    const target = /\bTarget="([^"]*)"/.exec(attributes)?.[1];
    if (id && target && !/\bTargetMode="External"/.test(attributes)) rels.set(id, target);
  }
  return rels;
}

/** Relationship ids a piece of WordprocessingML points at (images, charts, embedded objects, links). */
export function referencedIds(xml: string): Set<string> {
  const ids = new Set<string>();
  for (const match of xml.matchAll(/\br:(?:embed|id|link|pict|dm|lo|qs|cs)="([^"]*)"/g)) ids.add(match[1]!);
  return ids;
}

/** Heading styles of styles.xml: styleId → outline level 1–9 (by the built-in name or an outline level). */
export function headingStyles(stylesXml: string): Map<string, number> {
  const headings = new Map<string, number>();
  for (const match of stylesXml.matchAll(/<w:style\b([^>]*)>([\s\S]*?)<\/w:style>/g)) {
    const attributes = match[1]!;
    const body = match[2]!;
    if (!/w:type="paragraph"/.test(attributes)) continue;
    const id = /w:styleId="([^"]*)"/.exec(attributes)?.[1];
    if (!id) continue;
    const name = /<w:name\s+w:val="([^"]*)"/.exec(body)?.[1] ?? '';
    const byName = /^heading\s*([1-9])$/i.exec(name)?.[1];
    const outline = /<w:outlineLvl\s+w:val="(\d)"/.exec(body)?.[1];
    const level = byName ? Number(byName) : outline !== undefined && Number(outline) < 9 ? Number(outline) + 1 : 0;
    if (level) headings.set(id, level);
  }
  return headings;
}
