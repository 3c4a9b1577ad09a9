import type { ArchiveEntry } from '@shared/contracts/archive';

/**
 * An archive listing as a folder tree. Listings often leave folders out (zips made by scripts,
 * most tars), so folders are inferred from the paths; their sizes are the sums of their contents.
 */
export interface TreeNode {
  /** Full path; '' for the root. */
  key: string;
  name: string;
  directory: boolean;
  size: number;
  /** The archive does not record this file's size (or, for a folder, one of its files'): shown as unknown, not "0 B". */
  sizeUnknown?: boolean;
  /** Sum of known packed sizes; undefined when the format records none (solid 7z blocks, tar). */
  packedSize?: number;
  encrypted: boolean;
  modified?: number;
  /** Files below (1 for a file). */
  files: number;
  children: TreeNode[];
}

const collator = new Intl.Collator('zh-CN', { numeric: true });

function folder(key: string, name: string): TreeNode {
  return { key, name, directory: true, size: 0, encrypted: false, files: 0, children: [] };
}

export function buildTree(entries: readonly ArchiveEntry[]): TreeNode {
  const root = folder('', '');
  const folders = new Map<string, TreeNode>([['', root]]);
  const ensureFolder = (path: string): TreeNode => {
    const existing = folders.get(path);
    if (existing) return existing;
    const cut = path.lastIndexOf('/');
    const node = folder(path, path.slice(cut + 1));
    folders.set(path, node);
    ensureFolder(cut < 0 ? '' : path.slice(0, cut)).children.push(node);
    return node;
  };
  for (const entry of entries) {
    if (entry.directory) {
      const node = ensureFolder(entry.path);
      node.modified = entry.modified;
      continue;
    }
    const cut = entry.path.lastIndexOf('/');
    const parent = ensureFolder(cut < 0 ? '' : entry.path.slice(0, cut));
    parent.children.push({
      key: entry.path,
      name: entry.path.slice(cut + 1),
      directory: false,
      size: entry.size,
      ...(entry.sizeUnknown ? { sizeUnknown: true } : {}),
      packedSize: entry.packedSize,
      encrypted: entry.encrypted,
      modified: entry.modified,
      files: 1,
      children: [],
    });
  }
  total(root);
  return root;
}

function total(node: TreeNode): void {
  if (!node.directory) return;
  node.children.sort((a, b) => Number(b.directory) - Number(a.directory) || collator.compare(a.name, b.name));
  let packed: number | undefined = 0;
  for (const child of node.children) {
    total(child);
    node.size += child.size;
    node.files += child.files;
    node.encrypted ||= child.encrypted;
    if (child.sizeUnknown) node.sizeUnknown = true;
    packed =
      packed === undefined || child.packedSize === undefined
        ? child.directory && child.files === 0
          ? packed
          : undefined
        : packed + child.packedSize;
  }
  node.packedSize = packed;
}

/** The tree cut down to files whose path contains `query` (case-insensitive), with their folders; null when nothing matches. */
export function filterTree(node: TreeNode, query: string): TreeNode | null {
  const needle = query.trim().toLowerCase();
  if (!needle) return node;
  if (!node.directory) return node.key.toLowerCase().includes(needle) ? node : null;
  if (node.key && node.name.toLowerCase().includes(needle)) return node;
  const children = node.children.map((child) => filterTree(child, needle)).filter((child): child is TreeNode => child !== null);
  return children.length > 0 || node.key === '' ? { ...node, children } : null;
}

/** File paths at or below the given keys (a folder key selects everything inside it). */
export function filesUnder(root: TreeNode, keys: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const walk = (node: TreeNode, selected: boolean) => {
    const inside = selected || keys.has(node.key);
    if (!node.directory) {
      if (inside) out.push(node.key);
      return;
    }
    for (const child of node.children) walk(child, inside);
  };
  walk(root, false);
  return out;
}

/** Packed/original as a percentage, or undefined when unknown (no packed size of its own, as in a solid block, or no size). */
export function ratioPercent(size: number, packedSize: number | undefined, sizeUnknown = false): number | undefined {
  if (packedSize === undefined || size === 0 || sizeUnknown) return undefined;
  return Math.round((packedSize / size) * 100);
}

/** Whether a name is the first volume of a multi-volume set: x.part1.rar, x.7z.001, x.zip.001. */
const FIRST_VOLUME = /\.(part0*1\.rar|[a-z0-9]+\.0*1)$/i;

/**
 * Several files given at once to open: the volumes of one archive. The archive to open is the first
 * volume (old-style sets start with x.rar beside x.r00, x.r01…), the rest go along as volumes.
 */
export function pickFirstVolume(files: readonly File[]): { first: File; volumes: File[] } | null {
  if (files.length === 0) return null;
  const first =
    files.find((file) => FIRST_VOLUME.test(file.name)) ??
    files.find((file) => /\.rar$/i.test(file.name) && !/\.part\d+\.rar$/i.test(file.name)) ??
    files[0]!;
  return { first, volumes: files.filter((file) => file !== first) };
}
