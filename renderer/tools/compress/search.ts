import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '在线压缩,在线解压,zip,rar,7z,tar.gz,解压缩,压缩包密码,zip加密,rar解压',
    en: 'online zip,unzip online,rar extractor,7z,tar.gz,zip password,aes zip,extract archive',
  },
  aliases: {
    cn: ['zip', 'rar', '7z', 'tar', 'gz', '解压', '压缩', '压缩包', '解压缩', '在线解压', 'zip加密', '打包'],
    en: ['zip', 'unzip', 'rar', '7z', '7-zip', 'tar', 'tar.gz', 'tgz', 'extract', 'archive', 'decompress'],
  },
} satisfies ToolSearchWords;
