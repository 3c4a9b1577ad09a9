import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'psd',
  path: '/psd',
  group: 'image',
  icon: FileImageOutlined,
  topicId: 8,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./PsdPage'),
  plainFirstView: true,
});
