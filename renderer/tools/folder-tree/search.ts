import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '目录树,文件夹结构,tree命令,目录结构生成,项目结构,gitignore,Markdown目录树',
    en: 'folder tree,directory tree,tree command,project structure,gitignore,markdown tree',
  },
  aliases: {
    cn: ['tree', '目录结构', '文件夹结构', '文件列表', '项目结构'],
    en: ['tree', 'directory tree', 'folder structure', 'project structure', 'file list'],
  },
} satisfies ToolSearchWords;
