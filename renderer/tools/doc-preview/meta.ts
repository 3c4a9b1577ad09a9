/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'Word 文档预览',
    description: 'Word 文档预览',
    keywords: 'Word 文档预览',
  },
  en: {
    title: 'Word viewer',
    description: 'Word viewer',
    keywords: 'Word viewer',
  },
};
