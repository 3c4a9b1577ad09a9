import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: '文件快传,局域网传文件,点对点传输,手机电脑互传,配对码',
    en: 'P2P transfer,send files between devices,LAN file sharing,AirDrop alternative,pairing code',
  },
  aliases: { cn: ['P2P', '快传', 'airdrop', 'snapdrop'], en: ['airdrop', 'snapdrop', 'pairdrop', 'localsend'] },
} satisfies ToolSearchWords;
