import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-convert',
  path: '/image/convert',
  group: 'image',
  icon: SwapOutlined,
  topicId: 11,
  important: true,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ImageConvertPage'),
  plainFirstView: true,
});
