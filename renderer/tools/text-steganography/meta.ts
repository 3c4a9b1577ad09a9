/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '文本隐写',
    description:
      '用零宽字符把秘密藏进普通文字里，可用密码 AES-GCM 加密；提取隐藏内容、检查哪些处理会破坏它，并检测和清除粘贴文本中的隐藏字符。全部在本机完成，不会上传。',
  },
  en: {
    title: 'Text steganography',
    description:
      'Hide a secret inside ordinary text with zero-width characters, optionally AES-GCM encrypted with a password; reveal it, check what would destroy it, and detect and strip hidden characters from pasted text. All on your device, nothing uploaded.',
  },
};
