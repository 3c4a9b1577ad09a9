/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文件切割合并',
    description:
      '把大文件按份数或大小切割成 name.001、name.002… 分卷，再把分卷按编号合并还原，切割时写入 MD5 校验文件，合并后自动校验。多 GB 文件直接读写磁盘，文件不会上传。',
  },
  en: {
    title: 'File split & merge',
    description:
      'Split a large file by part count or part size into name.001, name.002 … and merge the parts back in order; an MD5 checksum file written when splitting verifies the merge. Multi-GB files go straight from disk to disk and are never uploaded.',
  },
};
