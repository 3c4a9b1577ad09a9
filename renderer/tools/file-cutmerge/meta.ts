/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '文件切割合并',
    description:
      '把大文件按份数或大小切割成 name.001、name.002… 分卷，再把分卷按编号合并还原，切割时写入 MD5 校验文件，合并后自动校验。多 GB 文件直接读写磁盘，文件不会上传。',
    keywords: '文件切割,文件分割,文件合并,分卷,大文件切割,001文件合并,HJSplit,文件拆分,MD5校验',
  },
  en: {
    title: 'File split & merge',
    description:
      'Split a large file by part count or part size into name.001, name.002 … and merge the parts back in order; an MD5 checksum file written when splitting verifies the merge. Multi-GB files go straight from disk to disk and are never uploaded.',
    keywords: 'file splitter,split file,merge files,join 001 files,HJSplit,split large file,file joiner,MD5 check',
  },
};
