import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'MD5,SHA256,SHA1,SHA512,CRC32,SM3,文件校验,哈希计算,修改MD5',
    en: 'MD5,SHA256,SHA1,SHA512,CRC32,SM3,checksum,file hash,change md5',
  },
  aliases: { cn: ['md5', 'sha256', 'crc32', '校验', '哈希值', '修改md5'], en: ['checksum', 'digest', 'md5', 'sha256', 'crc32', 'sm3'] },
} satisfies ToolSearchWords;
