import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '动态口令,两步验证,TOTP,HOTP,谷歌身份验证器,二维码',
    en: 'authenticator,2FA,TOTP,HOTP,Google Authenticator,QR code',
  },
  aliases: { cn: ['两步验证', '二次验证', '身份验证器', 'TOTP', '谷歌验证器'], en: ['TOTP', '2FA', 'two-factor', 'Google Authenticator'] },
} satisfies ToolSearchWords;
