/**
 * The tool's title, description and keywords. They load with the shell (menus, home cards, search,
 * page heads); the rest of locales.ts loads with the tool's page.
 */
export const meta = {
  cn: {
    title: '文本隐写',
    description:
      '用零宽字符把秘密藏进普通文字里，可用密码 AES-GCM 加密；提取隐藏内容、检查哪些处理会破坏它，并检测和清除粘贴文本中的隐藏字符。全部在本机完成，不会上传。',
    keywords: '文本隐写,零宽字符,隐藏文字,零宽空格,隐写术,去除零宽字符,水印文本',
  },
  en: {
    title: 'Text steganography',
    description:
      'Hide a secret inside ordinary text with zero-width characters, optionally AES-GCM encrypted with a password; reveal it, check what would destroy it, and detect and strip hidden characters from pasted text. All on your device, nothing uploaded.',
    keywords: 'text steganography,zero-width characters,hidden text,zero width space,remove zero width characters,invisible text',
  },
};
