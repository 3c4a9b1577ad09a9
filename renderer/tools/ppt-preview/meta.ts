/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: 'PPT 演示文稿预览',
    description: 'PPT 演示文稿预览',
    keywords: 'PPT 演示文稿预览',
  },
  en: {
    title: 'PowerPoint viewer',
    description: 'PowerPoint viewer',
    keywords: 'PowerPoint viewer',
  },
};
