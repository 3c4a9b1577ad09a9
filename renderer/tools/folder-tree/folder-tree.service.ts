import ignore from 'ignore';
import { formatFileSize } from '@/lib/format';

/** Spec §5: folder trees stop at 10 levels below the chosen folder. */
export const MAX_DEPTH = 10;

/** Ignored unless the user edits them away: they dwarf everything else in a typical project. */
export const DEFAULT_IGNORE = 'node_modules\n.git';

export type SortMode = 'name' | 'size' | 'folders-first';
export type OutputFormat = 'text' | 'markdown' | 'json';

/** One file or folder as the browser reports it: a `/`-separated path whose first segment is the chosen folder. */
export interface PathEntry {
  path: string;
  /** Bytes; folders ignore it (their size is what they contain). */
  size?: number;
  /** Folders arrive as entries of their own only from drops and the directory picker, which is how empty folders show up. */
  directory?: boolean;
}

export interface TreeNode {
  name: string;
  directory: boolean;
  /** Bytes: a file's own size, a folder's total over everything it contains that is not ignored. */
  size: number;
  children: TreeNode[];
  /** A folder at the depth cap whose contents are not listed. */
  truncated?: boolean;
}

export interface TreeOptions {
  /** .gitignore-syntax lines, matched against paths relative to the chosen folder. */
  ignore: string;
  foldersOnly: boolean;
  sort: SortMode;
  maxDepth?: number;
}

export interface TreeStats {
  /** Listed folders, the root included, as `tree` counts them. */
  folders: number;
  /** Files within the depth cap, also counted when only folders are drawn. */
  files: number;
  /** Bytes of every file that is not ignored, including those below the depth cap. */
  size: number;
  /** Folders at the cap whose contents were cut. */
  truncatedFolders: number;
  /** Files and folders below the cap that are not listed. */
  hiddenEntries: number;
  /** Files and folders dropped by the ignore rules (an ignored folder counts once, not its contents). */
  ignoredEntries: number;
}

export interface TreeResult {
  root: TreeNode;
  stats: TreeStats;
}

/** Splits a browser path into clean segments; `.`/empty segments disappear, and `..` is dropped rather than climbing out of the tree. */
function segments(path: string): string[] {
  return path.split(/[\\/]+/).filter((part) => part !== '' && part !== '.' && part !== '..');
}

const folder = (name: string): TreeNode => ({ name, directory: true, size: 0, children: [] });

/**
 * Builds the raw tree. When every path starts with the same folder (a picked or dropped folder),
 * that folder is the root; otherwise (several things dropped at once) the root is `.`, as `tree` prints it.
 */
export function buildTree(entries: readonly PathEntry[]): TreeNode {
  const parsed = entries.map((entry) => ({ parts: segments(entry.path), entry })).filter((item) => item.parts.length > 0);
  const first = parsed[0]?.parts[0];
  const shared =
    first !== undefined && parsed.every(({ parts, entry }) => parts[0] === first && (parts.length > 1 || entry.directory === true));
  const root = folder(shared ? first : '.');
  // Children by name, so a folder of 30 000 photos is not searched once per photo (that froze the page for 40 s).
  const index = new Map<TreeNode, Map<string, TreeNode>>();
  const childrenOf = (node: TreeNode) => {
    let names = index.get(node);
    if (!names) index.set(node, (names = new Map()));
    return names;
  };
  for (const { parts, entry } of parsed) {
    const path = shared ? parts.slice(1) : parts;
    let node = root;
    path.forEach((name, position) => {
      const last = position === path.length - 1;
      const names = childrenOf(node);
      let child = names.get(name);
      if (!child) {
        child = last && !entry.directory ? { name, directory: false, size: Math.max(0, entry.size ?? 0), children: [] } : folder(name);
        node.children.push(child);
        names.set(name, child);
      } else if (!last || entry.directory) {
        // A name seen first as a file and later as a parent can only be a folder.
        child.directory = true;
      }
      node = child;
    });
  }
  return root;
}

const collator = new Intl.Collator('zh-CN', { numeric: true, sensitivity: 'variant' });
const startsWithHan = (name: string) => /^\p{Script=Han}/u.test(name);
/**
 * Like Windows Explorer in Chinese: Latin, digits and symbols first, then Chinese names by pinyin
 * (the zh collation alone puts Chinese before Latin); numbers compare naturally (file2 < file10);
 * code points break collation ties, so the order never depends on the input order.
 */
const byName = (a: TreeNode, b: TreeNode) =>
  Number(startsWithHan(a.name)) - Number(startsWithHan(b.name)) ||
  collator.compare(a.name, b.name) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function comparator(sort: SortMode): (a: TreeNode, b: TreeNode) => number {
  if (sort === 'size') return (a, b) => b.size - a.size || byName(a, b);
  if (sort === 'folders-first') return (a, b) => Number(b.directory) - Number(a.directory) || byName(a, b);
  return byName;
}

/**
 * The rules as a test of a path relative to the tree's root (folders with a trailing slash). The
 * matcher never rejects a rule: like git, it just matches nothing with a malformed one.
 */
export function ignoredBy(rules: string): (relativePath: string) => boolean {
  const matcher = ignore().add(rules);
  return (relativePath) => matcher.ignores(relativePath);
}

/** Whether folders left unread under the old rules would show under `rules`, so the folder must be read again. */
export function needsReread(skipped: readonly string[], rules: string): boolean {
  if (skipped.length === 0) return false;
  const ignored = ignoredBy(rules);
  return skipped.some((path) => !ignored(path));
}

/** Applies ignore rules, sizes, sort, the depth cap and "folders only" to a raw tree; the input is not modified. */
export function shapeTree(raw: TreeNode, options: TreeOptions): TreeResult {
  const maxDepth = options.maxDepth ?? MAX_DEPTH;
  const matcher = { ignores: ignoredBy(options.ignore) };
  const stats: TreeStats = { folders: 1, files: 0, size: 0, truncatedFolders: 0, hiddenEntries: 0, ignoredEntries: 0 };
  const compare = comparator(options.sort);

  /** Counts what is not ignored below the cap, and returns its size (folder sizes stay truthful past the cap). */
  const hidden = (node: TreeNode, path: string): number => {
    let size = 0;
    for (const child of node.children) {
      const childPath = `${path}${child.name}${child.directory ? '/' : ''}`;
      if (matcher.ignores(childPath)) continue;
      stats.hiddenEntries += 1;
      size += child.directory ? hidden(child, childPath) : child.size;
    }
    return size;
  };

  const visit = (node: TreeNode, path: string, depth: number): TreeNode => {
    const out: TreeNode = { name: node.name, directory: node.directory, size: node.directory ? 0 : node.size, children: [] };
    if (!node.directory) return out;
    const kept: TreeNode[] = [];
    let cut = false;
    for (const child of node.children) {
      // Folders get a trailing slash so rules like `build/` match them and not a file called build.
      const childPath = `${path}${child.name}${child.directory ? '/' : ''}`;
      if (matcher.ignores(childPath)) {
        stats.ignoredEntries += 1;
        continue;
      }
      if (depth + 1 > maxDepth) {
        cut = true;
        stats.hiddenEntries += 1;
        out.size += child.directory ? hidden(child, childPath) : child.size;
        continue;
      }
      const shaped = visit(child, childPath, depth + 1);
      out.size += shaped.size;
      if (child.directory) stats.folders += 1;
      else stats.files += 1;
      kept.push(shaped);
    }
    if (cut) {
      out.truncated = true;
      stats.truncatedFolders += 1;
    }
    out.children = kept.filter((child) => child.directory || !options.foldersOnly).sort(compare);
    return out;
  };

  const root = visit(raw, '', 0);
  stats.size = root.size;
  return { root, stats };
}

export interface RenderOptions {
  showSizes: boolean;
  /** Localised summary line ("3 folders, 5 files, 1.2 KB"), put under the tree in text and Markdown. */
  summary?: string;
  /** Localised note put on folders whose contents the depth cap cut. */
  truncatedMark?: string;
}

/** `tree` prints unprintable characters as `?`; a newline inside a name would otherwise break the drawing. */
const printable = (name: string) => name.replace(/\p{Cc}/gu, '?');

function label(node: TreeNode, options: RenderOptions): string {
  let text = printable(node.name);
  if (options.showSizes) text += ` (${formatFileSize(node.size)})`;
  if (node.truncated && options.truncatedMark) text += ` ${options.truncatedMark}`;
  return text;
}

/** The drawing itself, exactly `tree`'s layout: root line, then `├── `, `└── `, `│   ` and four-space indents. */
export function renderTreeLines(root: TreeNode, options: RenderOptions): string[] {
  const lines = [label(root, options)];
  const walk = (node: TreeNode, prefix: string) => {
    node.children.forEach((child, index) => {
      const last = index === node.children.length - 1;
      lines.push(`${prefix}${last ? '└── ' : '├── '}${label(child, options)}`);
      if (child.directory) walk(child, `${prefix}${last ? '    ' : '│   '}`);
    });
  };
  walk(root, '');
  return lines;
}

/** A backtick fence one longer than any run of backticks in the content, so no file name can close it early. */
function fence(content: string): string {
  const longest = Math.max(0, ...Array.from(content.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

interface JsonNode {
  type: 'directory' | 'file';
  name: string;
  size?: number;
  truncated?: true;
  contents?: JsonNode[];
}

/** `tree -J`'s shape (a list of the root and a report), so tools that read it can read ours. */
function toJson(node: TreeNode, showSizes: boolean): JsonNode {
  const out: JsonNode = { type: node.directory ? 'directory' : 'file', name: node.name };
  if (showSizes) out.size = node.size;
  if (node.truncated) out.truncated = true;
  // Like `tree -J`, an empty folder has no `contents` key at all.
  if (node.children.length > 0) out.contents = node.children.map((child) => toJson(child, showSizes));
  return out;
}

export function renderOutput(result: TreeResult, format: OutputFormat, options: RenderOptions): string {
  if (format === 'json') {
    const report = {
      type: 'report',
      directories: result.stats.folders,
      files: result.stats.files,
      ...(options.showSizes ? { size: result.stats.size } : {}),
    };
    return `${JSON.stringify([toJson(result.root, options.showSizes), report], null, 2)}\n`;
  }
  const drawing = renderTreeLines(result.root, options).join('\n');
  const summary = options.summary ? `\n\n${options.summary}` : '';
  if (format === 'markdown') {
    const marks = fence(drawing);
    return `${marks}text\n${drawing}\n${marks}${summary}\n`;
  }
  return `${drawing}${summary}\n`;
}

export const OUTPUT_EXTENSIONS: Record<OutputFormat, string> = { text: 'txt', markdown: 'md', json: 'json' };
