/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '文件类型识别',
    description:
      '批量识别文件的真实类型：按文件内容（魔数、压缩包与 Office 内部结构、文本格式）判断格式、MIME 和正确的扩展名，扩展名不符时提醒并给出正确文件名，文件不会上传。',
    keywords: '文件类型识别,文件格式识别,真实扩展名,MIME类型,魔数,文件头,扩展名错误,file type',
  },
  en: {
    title: 'File type identification',
    description:
      'Identify the real type of many files at once from their content (magic bytes, archive and Office internals, text formats): format, MIME type and proper extension, with a warning and the right name when the extension is wrong. Files are not uploaded.',
    keywords: 'file type,identify file format,real extension,MIME type,magic bytes,file signature,wrong extension',
  },
};
