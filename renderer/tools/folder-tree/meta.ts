/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '目录树生成',
    description:
      '选择或拖入文件夹，在本机生成 tree 风格的目录树（├── └──），支持只显示文件夹、显示大小、排序、.gitignore 规则忽略，导出文本、Markdown 或 JSON，文件不会上传。',
    keywords: '目录树,文件夹结构,tree命令,目录结构生成,项目结构,gitignore,Markdown目录树',
  },
  en: {
    title: 'Folder tree generator',
    description:
      'Pick or drop a folder and get a tree-style listing (├── └──) on your device: folders only, sizes, sorting, .gitignore-style ignore rules; export as text, Markdown or JSON. Nothing is uploaded.',
    keywords: 'folder tree,directory tree,tree command,project structure,gitignore,markdown tree',
  },
};
