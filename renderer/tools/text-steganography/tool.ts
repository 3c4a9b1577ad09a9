import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-steganography',
  path: '/text/steganography',
  group: 'text-file',
  icon: EyeInvisibleOutlined,
  topicId: 23,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./TextSteganographyPage'),
});
