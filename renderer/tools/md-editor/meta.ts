/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'Markdown编辑器',
    description: 'Markdown编辑器',
    keywords: 'Markdown编辑器',
  },
  en: {
    title: 'Markdown Editor',
    description: 'Markdown Editor',
    keywords: 'Markdown Editor',
  },
};
