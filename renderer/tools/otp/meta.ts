/**
 * The tool's title and description. They load with the shell (menus, home cards, page heads); the
 * rest of locales.ts loads with the tool's page, and its search words (search.ts) with the search
 * index or the page.
 */
export const meta = {
  cn: {
    title: '动态口令',
    description: '在浏览器本地生成 TOTP/HOTP 两步验证码：扫码或粘贴链接添加账户，支持谷歌身份验证器迁移，密钥不离开设备。',
  },
  en: {
    title: 'Authenticator',
    description:
      'TOTP/HOTP two-factor codes generated in your browser: add accounts by QR or link, move to and from Google Authenticator; secrets never leave the device.',
  },
};
