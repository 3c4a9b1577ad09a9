import FontSizeOutlined from '@ant-design/icons-svg/es/asn/FontSizeOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-watermark',
  path: '/image/watermark',
  group: 'image',
  icon: FontSizeOutlined,
  topicId: 13,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ImageWatermarkPage'),
  plainFirstView: true,
});
