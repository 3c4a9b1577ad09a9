/** Answered by scripts/tool-texts-plugin.ts: every tool's English title and description, by folder name. */
declare module 'virtual:english-tool-texts' {
  import type { ToolTexts } from '@/tools/types';

  const texts: Readonly<Record<string, ToolTexts>>;
  export default texts;
}
