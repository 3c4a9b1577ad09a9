import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'PSD预览,PSD在线查看,PSD查看器,PSB预览,PSD转PNG,PSD图层导出,PSD切图,不用PS打开PSD,Photoshop文件查看',
    en: 'psd viewer,open psd online,psd preview,psb viewer,psd to png,export psd layers,view psd without photoshop,photoshop file viewer',
  },
  aliases: { cn: ['PS 文件预览', 'PSD 查看器', 'PSB 预览'], en: ['Photoshop viewer', 'PSB viewer'] },
} satisfies ToolSearchWords;
