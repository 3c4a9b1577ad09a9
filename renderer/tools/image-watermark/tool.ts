import FontSizeOutlined from '@ant-design/icons-svg/es/asn/FontSizeOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-watermark',
  path: '/image/watermark',
  group: 'image',
  icon: FontSizeOutlined,
  topicId: 13,
  aliases: {
    cn: ['加水印', '水印', '照片水印', '批量水印', 'logo水印', '防盗图'],
    en: ['watermark', 'add watermark', 'logo', 'batch watermark'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ImageWatermarkPage'),
  plainFirstView: true,
});
