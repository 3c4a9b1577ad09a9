/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '文件编码识别',
    description:
      '识别文本文件的编码（UTF-8、GBK/GB18030、Big5、Shift_JIS、UTF-16、ISO-8859-1 等），预览内容，手动改选编码，一键转成 UTF-8（可带 BOM），批量打包下载。文件只在本机处理，不会上传。',
    keywords: '文件编码识别,编码检测,乱码,GBK转UTF-8,Big5转UTF-8,字符集检测,UTF-8 BOM,编码转换',
  },
  en: {
    title: 'File encoding identification',
    description:
      'Find the encoding of text files (UTF-8, GBK/GB18030, Big5, Shift_JIS, UTF-16, ISO-8859-1 and more), preview them, override the guess, convert to UTF-8 (with or without BOM) and download a batch as a zip. Files never leave your device.',
    keywords: 'encoding detection,charset detector,mojibake,GBK to UTF-8,Big5 to UTF-8,UTF-8 BOM,convert encoding',
  },
};
