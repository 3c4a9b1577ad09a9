import CompressOutlined from '@ant-design/icons-svg/es/asn/CompressOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-compress',
  path: '/image/compress',
  group: 'image',
  icon: CompressOutlined,
  topicId: 10,
  important: true,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ImageCompressPage'),
  plainFirstView: true,
});
