import Fuse from 'fuse.js';
import { pinyin } from 'pinyin-pro';
import type { ToolDefinition, ToolSearchWords } from '@/tools/types';

/** One tool as the search sees it: both languages at once, so '哈希', 'hash' and 'hx' all find it. */
export interface SearchEntry {
  id: string;
  path: string;
  title: { cn: string; en: string };
  description: { cn: string; en: string };
  keywords: string[];
  aliases: string[];
  pinyinInitials: string;
  pinyinFull: string;
}

const splitKeywords = (text: string) =>
  text
    .split(/[,，;；]\s*/)
    .map((word) => word.trim())
    .filter(Boolean);

/** A tool as search reads it: its texts (first chunk) and its search words (search.ts, loaded with the index). */
export type SearchableTool = Pick<ToolDefinition, 'id' | 'path' | 'texts'> & { words: ToolSearchWords };

export function toSearchEntry(tool: SearchableTool): SearchEntry {
  const { cn, en } = tool.texts;
  const { keywords, aliases } = tool.words;
  return {
    id: tool.id,
    path: tool.path,
    title: { cn: cn.title, en: en.title },
    description: { cn: cn.description, en: en.description },
    keywords: [...splitKeywords(keywords.cn), ...splitKeywords(keywords.en)],
    aliases: [...(aliases.cn ?? []), ...(aliases.en ?? [])],
    pinyinInitials: pinyin(cn.title, { pattern: 'first', toneType: 'none', separator: '', nonZh: 'removed' }).toLowerCase(),
    pinyinFull: pinyin(cn.title, { toneType: 'none', separator: '', nonZh: 'consecutive' }).toLowerCase(),
  };
}

/**
 * Fuse keeps an item when any one key matches within the threshold, then weighs all keys into the
 * final score; an item whose only match is one letter off in a low-weight key ends near 1 (e.g.
 * 'wjhx' against 文件类型识别's initials 'wjlxsb'). Those are noise, not results.
 */
const WEAKEST_SCORE = 0.6;

/**
 * A query that is a tool's whole name — its title, its pinyin or initials, an alias — names that
 * tool, whatever Fuse thinks of substrings elsewhere: 'tc' (图床) used to rank 'Sketch' first, whose
 * English title merely contains the letters.
 */
function namesExactly(entry: SearchEntry, query: string): boolean {
  const folded = query.toLowerCase();
  return [entry.title.cn, entry.title.en, entry.pinyinInitials, entry.pinyinFull, ...entry.aliases].some(
    (name) => name.toLowerCase() === folded,
  );
}

export function createToolSearch(tools: readonly SearchableTool[]) {
  const fuse = new Fuse(tools.map(toSearchEntry), {
    keys: [
      { name: 'title.cn', weight: 3 },
      { name: 'title.en', weight: 3 },
      { name: 'pinyinInitials', weight: 2 },
      { name: 'pinyinFull', weight: 2 },
      { name: 'aliases', weight: 2 },
      { name: 'keywords', weight: 1 },
      { name: 'description.cn', weight: 0.5 },
      { name: 'description.en', weight: 0.5 },
    ],
    threshold: 0.34,
    ignoreLocation: true,
    ignoreDiacritics: true,
    includeScore: true,
  });

  return {
    /** Best matches first; an empty query finds nothing (the palette then shows all tools itself). */
    search(query: string, limit = 20): SearchEntry[] {
      const trimmed = query.trim();
      if (!trimmed) return [];
      return fuse
        .search(trimmed, { limit })
        .filter((result) => (result.score ?? 0) <= WEAKEST_SCORE)
        .map((result) => result.item)
        .sort((a, b) => Number(namesExactly(b, trimmed)) - Number(namesExactly(a, trimmed)));
    },
  };
}
