/** The generic tips the assistant may give; each is true for every page that gets it (see tipsFor). */
export type TipKey = 'search' | 'dropFiles' | 'privacy' | 'uploads' | 'offline' | 'shortcut';

/** What the assistant knows about the page it is opened on. */
export interface PageFacts {
  /** The tool of the page, if the page is a tool's. */
  tool?: { uploads: boolean };
  /** The page shows the shared file drop zone (pick, drag and drop). */
  dropZone: boolean;
}

/** At most this many generic tips, after the tool's own description (the panel shows 2–4 lines). */
export const MAX_GENERIC_TIPS = 3;

/**
 * The tips for a page, most useful first. They come from what the page is, not from per-tool
 * texts: a file tool that keeps files on the device says so (the footer's promise, which the
 * registry's `uploads` flag keeps true), an uploading one says where files go; every page is in
 * the offline precache; pages that are not a tool point to the search.
 */
export function tipsFor(facts: PageFacts): TipKey[] {
  const tips: TipKey[] = [];
  if (!facts.tool) tips.push('search', 'shortcut');
  else if (facts.dropZone) tips.push('dropFiles', facts.tool.uploads ? 'uploads' : 'privacy');
  else if (facts.tool.uploads) tips.push('uploads');
  else tips.push('shortcut');
  tips.push('offline');
  return tips.slice(0, MAX_GENERIC_TIPS);
}
