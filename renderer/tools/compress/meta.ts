/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '压缩解压',
    description:
      '在本机创建 zip（可设 AES 密码）、7z、tar、tar.gz 压缩包，打开 zip、7z、rar、tar、gz、bz2、xz 查看目录、预览文本和图片、解压单个文件或全部；拒绝路径穿越和压缩炸弹，文件不会上传。',
  },
  en: {
    title: 'Compress & extract',
    description:
      'Create zip (with an optional AES password), 7z, tar and tar.gz archives on your device; open zip, 7z, rar, tar, gz, bz2 and xz, browse the tree, preview text and images, extract one file or all. Path traversal and zip bombs are refused. Nothing is uploaded.',
  },
};
