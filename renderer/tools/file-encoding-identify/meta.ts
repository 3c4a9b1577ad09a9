/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文件编码识别',
    description:
      '识别文本文件的编码（UTF-8、GBK/GB18030、Big5、Shift_JIS、UTF-16、ISO-8859-1 等），预览内容，手动改选编码，一键转成 UTF-8（可带 BOM），批量打包下载。文件只在本机处理，不会上传。',
  },
  en: {
    title: 'File encoding identification',
    description:
      'Find the encoding of text files (UTF-8, GBK/GB18030, Big5, Shift_JIS, UTF-16, ISO-8859-1 and more), preview them, override the guess, convert to UTF-8 (with or without BOM) and download a batch as a zip. Files never leave your device.',
  },
};
