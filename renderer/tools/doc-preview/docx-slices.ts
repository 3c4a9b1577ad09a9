/**
 * A docx unpacked and re-packed as slices (see docx-split.ts). Runs in the worker; pure, so it is
 * tested under Node with generated documents.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import type { Unzipped } from 'fflate';
import { headingStyles, parseRels, planSlices, referencedIds, sliceXml, splitBody } from './docx-split';

/** Unpacked parts past this are refused before inflating: a "docx" that expands to gigabytes is a zip bomb. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;

export class DocxError extends Error {
  constructor(readonly code: 'damaged' | 'notWord' | 'tooLarge') {
    super(code);
    this.name = 'DocxError';
  }
}

export interface PreparedDocx {
  /** Complete small docx files, in reading order; rendering them one after another shows the whole document. */
  readonly slices: Uint8Array[];
  /** Paragraph style ids that are headings, with their outline level (1–9). */
  readonly headings: [string, number][];
}

function unpack(bytes: Uint8Array): Unzipped {
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        total += file.originalSize;
        if (total > MAX_UNPACKED_BYTES) throw new DocxError('tooLarge');
        return true;
      },
    });
  } catch (error) {
    if (error instanceof DocxError) throw error;
    throw new DocxError('damaged');
  }
}

/** The main document part's path, from the package relationships (almost always word/document.xml). */
function mainPart(files: Unzipped): string {
  const rels = files['_rels/.rels'];
  const target = rels && /Target="\/?([^"]*document[^"]*\.xml)"/.exec(strFromU8(rels))?.[1];
  if (target && files[target]) return target;
  if (files['word/document.xml']) return 'word/document.xml';
  throw new DocxError('notWord');
}

const relsPathOf = (part: string) => part.replace(/([^/]*)$/, '_rels/$1.rels');
const resolve = (fromPart: string, target: string) => {
  const base = fromPart.split('/').slice(0, -1);
  for (const step of target.split('/')) {
    if (step === '..') base.pop();
    else if (step !== '.') base.push(step);
  }
  return base.join('/');
};

export function prepareDocx(bytes: Uint8Array, sliceChars?: { first: number; rest: number }): PreparedDocx {
  const files = unpack(bytes);
  const documentPath = mainPart(files);
  let parts;
  try {
    parts = splitBody(strFromU8(files[documentPath]!));
  } catch {
    throw new DocxError('damaged');
  }
  const stylesXml = files[resolve(documentPath, 'styles.xml')];
  const headings = stylesXml ? [...headingStyles(strFromU8(stylesXml))] : [];

  // Media only the main document points at is left out of slices that do not show it, so a
  // document with many pictures is not copied whole into every slice.
  const rels = files[relsPathOf(documentPath)];
  const documentTargets = rels ? parseRels(strFromU8(rels)) : new Map<string, string>();
  const usedElsewhere = new Set<string>();
  for (const [path, data] of Object.entries(files)) {
    if (!path.endsWith('.rels') || path === relsPathOf(documentPath)) continue;
    const owner = path.replace(/_rels\/([^/]*)\.rels$/, '$1');
    for (const target of parseRels(strFromU8(data)).values()) usedElsewhere.add(resolve(owner, target));
  }
  const optional = new Map<string, string>();
  for (const [id, target] of documentTargets) {
    const path = resolve(documentPath, target);
    if (files[path] && !usedElsewhere.has(path) && /\/media\//.test(path)) optional.set(id, path);
  }

  const starts = planSlices(parts.blocks, sliceChars?.first, sliceChars?.rest);
  const bounds = starts.length ? starts.map((from, index) => [from, starts[index + 1] ?? parts.blocks.length] as const) : [[0, 0] as const];
  const slices = bounds.map(([from, to]) => {
    const xml = sliceXml(parts, from, to);
    const ids = referencedIds(xml);
    const sliceFiles: Unzipped = {};
    for (const [path, data] of Object.entries(files)) sliceFiles[path] = data;
    for (const [id, path] of optional) if (!ids.has(id)) delete sliceFiles[path];
    sliceFiles[documentPath] = strToU8(xml);
    // Stored, not deflated: the slice is unpacked again a moment later in the same tab.
    return zipSync(sliceFiles, { level: 0 });
  });
  return { slices, headings };
}
