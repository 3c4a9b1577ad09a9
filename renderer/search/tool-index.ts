import { listedTools as tools } from '@/tools/registry';
import type { ToolDefinition } from '@/tools/types';
import { createToolSearch } from './search.service';

// Pinyin tables and Fuse: the heaviest part of search, so this module loads only when someone searches (find-tools.ts).
const toolSearch = createToolSearch(tools);
const toolsById = new Map<string, ToolDefinition>(tools.map((tool) => [tool.id, tool]));

/** Registered tools matching the query, best first; undefined when there is no query to match. */
export function findTools(query: string): ToolDefinition[] | undefined {
  if (!query.trim()) return undefined;
  return toolSearch.search(query).flatMap((entry) => toolsById.get(entry.id) ?? []);
}
