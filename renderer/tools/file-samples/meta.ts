/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '示例文件',
    description: '图片、音频、视频、文档、压缩包、电子书、字体、代码和数据的小示例文件，附 MD5 和 SHA-256，免费下载，供开发和测试使用。',
  },
  en: {
    title: 'Sample files',
    description:
      'Small sample files — images, audio, video, documents, archives, e-books, fonts, code and data — with MD5 and SHA-256, free to download for development and testing.',
  },
};
