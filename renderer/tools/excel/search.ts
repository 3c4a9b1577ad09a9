import type { ToolSearchWords } from '@/tools/types';

/**
 * What search matches besides the title and description, loaded with the search index (and with the
 * tool's page, whose head names the keywords), never with the first chunk: keywords, also the page's
 * meta keywords, and aliases (abbreviations, common misspellings, English names in cn).
 */
export const searchWords = {
  keywords: {
    cn: 'Excel在线编辑,Excel在线查看,xlsx查看器,xls打开,在线表格,csv乱码,CSV转Excel,ods打开,xlsb查看,表格编辑器',
    en: 'excel viewer,xlsx viewer,edit excel online,xls viewer,csv viewer,ods viewer,xlsb viewer,spreadsheet editor,csv to excel',
  },
  aliases: { cn: ['表格', '电子表格', 'xlsx', 'csv'], en: ['spreadsheet', 'xlsx', 'csv', 'workbook'] },
} satisfies ToolSearchWords;
