import { unzipSync } from 'fflate';
import { PptxFailure } from './pptx-model';
import { attr, children, parseXml } from './pptx-xml';
import type { XmlElement } from './pptx-xml';

export interface Relationship {
  target: string;
  type: string;
  external: boolean;
}

/** Resolves `target` against the folder of `from` (zip paths, no leading slash). */
export function resolvePath(from: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** The unzipped package: parts parsed on demand and kept, relationships by part. */
export class Package {
  private readonly xml = new Map<string, XmlElement | undefined>();
  private readonly rels = new Map<string, Record<string, Relationship>>();

  private constructor(readonly files: Record<string, Uint8Array>) {}

  static open(bytes: Uint8Array): Package {
    if (bytes.length === 0) throw new PptxFailure('empty');
    if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new PptxFailure('notPptx');
    let files: Record<string, Uint8Array>;
    try {
      files = unzipSync(bytes);
    } catch {
      throw new PptxFailure('corrupt');
    }
    if (!Object.keys(files).some((name) => name.startsWith('ppt/'))) throw new PptxFailure('notPptx');
    return new Package(files);
  }

  part(path: string): XmlElement | undefined {
    if (this.xml.has(path)) return this.xml.get(path);
    const bytes = this.files[path];
    const root = bytes ? parseXml(new TextDecoder().decode(bytes)) : undefined;
    this.xml.set(path, root);
    return root;
  }

  relationships(path: string): Record<string, Relationship> {
    const known = this.rels.get(path);
    if (known) return known;
    const slash = path.lastIndexOf('/');
    const relsPath = `${path.slice(0, slash + 1)}_rels/${path.slice(slash + 1)}.rels`;
    const out: Record<string, Relationship> = {};
    for (const rel of children(this.part(relsPath), 'Relationship')) {
      const id = attr(rel, 'Id');
      const target = attr(rel, 'Target');
      if (!id || !target) continue;
      const external = attr(rel, 'TargetMode') === 'External';
      out[id] = { target: external ? target : resolvePath(path, target), type: attr(rel, 'Type') ?? '', external };
    }
    this.rels.set(path, out);
    return out;
  }

  /** The first relationship of `path` whose type ends with `/kind`. */
  related(path: string, kind: string): string | undefined {
    return Object.values(this.relationships(path)).find((rel) => !rel.external && rel.type.endsWith(`/${kind}`))?.target;
  }
}
