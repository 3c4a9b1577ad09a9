import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'PPT 预览,PPTX 在线查看,PowerPoint 预览,幻灯片查看器,PPT 转图片,PPT 导出 PNG,在线放映 PPT,演讲者备注',
    en: 'pptx viewer,PowerPoint viewer online,open pptx,slides to PNG,pptx to image,presentation viewer,speaker notes',
  },
  aliases: {
    cn: ['PPTX', '幻灯片', 'PowerPoint', '演示文稿', 'PPT 转图片'],
    en: ['pptx', 'slides', 'presentation', 'slideshow', 'pptx to png'],
  },
} satisfies ToolSearchWords;
