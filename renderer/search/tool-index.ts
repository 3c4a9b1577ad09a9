import { listedTools as tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { loadEnglishToolTexts } from '@/i18n/english-tool-texts';
import { createToolSearch } from './search.service';

/** Registered tools matching the query, best first; undefined when there is no query to match. */
export type FindTools = (query: string) => ToolDefinition[] | undefined;

/**
 * Pinyin tables, Fuse and the tools' search words (each tool's search.ts, a small chunk shared with
 * its page's texts): the heaviest part of search, so this module loads only when someone shows they
 * mean to search (find-tools.ts), never with the first chunk.
 */
export async function loadToolIndex(): Promise<FindTools> {
  // Both languages' titles find a tool whatever the page's language; English is a chunk of its own.
  const [words] = await Promise.all([Promise.all(tools.map((tool) => tool.search())), loadEnglishToolTexts()]);
  const toolSearch = createToolSearch(tools.map((tool, index) => ({ ...tool, words: words[index]!.searchWords })));
  const toolsById = new Map<string, ToolDefinition>(tools.map((tool) => [tool.id, tool]));
  return (query) => {
    if (!query.trim()) return undefined;
    return toolSearch.search(query).flatMap((entry) => toolsById.get(entry.id) ?? []);
  };
}
