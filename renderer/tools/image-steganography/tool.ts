import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-steganography',
  path: '/image/steganography',
  group: 'image',
  icon: EyeInvisibleOutlined,
  topicId: 14,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./ImageSteganographyPage'),
});
