import FileTextOutlined from '@ant-design/icons-svg/es/asn/FileTextOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-assistant',
  path: '/text/assistant',
  group: 'text-file',
  icon: FileTextOutlined,
  topicId: 17,
  aliases: {
    cn: [
      '字数统计',
      '字符统计',
      '简繁转换',
      '繁简转换',
      '繁体',
      '全角半角',
      '大小写',
      '去重',
      '去空行',
      '排序',
      '正则替换',
      '批量替换',
      '加前缀',
      '提取邮箱',
      '提取网址',
      '提取数字',
      'wenben',
    ],
    en: [
      'word count',
      'character counter',
      'case converter',
      'traditional chinese',
      'simplified chinese',
      'opencc',
      'full width',
      'dedupe',
      'sort lines',
      'regex replace',
      'extract emails',
    ],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./TextAssistantPage'),
});
