/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '图片隐写',
    description:
      '把文字藏进 PNG 图片的像素最低位，肉眼看不出差别；可设密码（AES-256-GCM 加密），也能从图片中提取隐藏的文字。全部在本机完成，图片不会上传。',
  },
  en: {
    title: 'Image steganography',
    description:
      'Hide text in the least significant bits of a PNG’s pixels — invisible to the eye — optionally password-encrypted (AES-256-GCM), and reveal hidden text. Everything runs on your device; nothing is uploaded.',
  },
};
