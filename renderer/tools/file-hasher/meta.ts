/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文件哈希',
    description: '在本机计算文件的 MD5、SHA-1、SHA-256、SHA-512、CRC32 和 SM3，支持超大文件、比对与修改哈希，文件不会上传。',
  },
  en: {
    title: 'File hasher',
    description:
      'Compute MD5, SHA-1, SHA-256, SHA-512, CRC32 and SM3 of files on your device — huge files, compare and modify hashes. Nothing is uploaded.',
  },
};
