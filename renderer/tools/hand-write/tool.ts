import HighlightOutlined from '@ant-design/icons-svg/es/asn/HighlightOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'hand-write',
  path: '/hand-write/generate',
  group: 'text-file',
  icon: HighlightOutlined,
  topicId: 21,
  offset: 1,
  aliases: { cn: ['手写', '手写字', '作业生成'], en: ['handwriting', 'text to handwriting'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./HandWritePage'),
  plainFirstView: true,
  unlisted: true,
});
