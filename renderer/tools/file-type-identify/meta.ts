/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文件类型识别',
    description:
      '批量识别文件的真实类型：按文件内容（魔数、压缩包与 Office 内部结构、文本格式）判断格式、MIME 和正确的扩展名，扩展名不符时提醒并给出正确文件名，文件不会上传。',
  },
  en: {
    title: 'File type identification',
    description:
      'Identify the real type of many files at once from their content (magic bytes, archive and Office internals, text formats): format, MIME type and proper extension, with a warning and the right name when the extension is wrong. Files are not uploaded.',
  },
};
