import fileHasher from './file-hasher/tool';

/** The one list of tools: routes, menus, home cards, search and SEO all derive from it. */
export const tools = [fileHasher] as const;

export type RegisteredTool = (typeof tools)[number];
