import FundProjectionScreenOutlined from '@ant-design/icons-svg/es/asn/FundProjectionScreenOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'ppt-preview',
  path: '/ppt/preview',
  group: 'office',
  icon: FundProjectionScreenOutlined,
  topicId: 4,
  aliases: {
    cn: ['PPTX', '幻灯片', 'PowerPoint', '演示文稿', 'PPT 转图片'],
    en: ['pptx', 'slides', 'presentation', 'slideshow', 'pptx to png'],
  },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./PptPreviewPage'),
  plainFirstView: true,
});
