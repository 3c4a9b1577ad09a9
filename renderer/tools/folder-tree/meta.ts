/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '目录树生成',
    description:
      '选择或拖入文件夹，在本机生成 tree 风格的目录树（├── └──），支持只显示文件夹、显示大小、排序、.gitignore 规则忽略，导出文本、Markdown 或 JSON，文件不会上传。',
  },
  en: {
    title: 'Folder tree generator',
    description:
      'Pick or drop a folder and get a tree-style listing (├── └──) on your device: folders only, sizes, sorting, .gitignore-style ignore rules; export as text, Markdown or JSON. Nothing is uploaded.',
  },
};
