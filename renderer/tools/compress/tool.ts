import FileZipOutlined from '@ant-design/icons-svg/es/asn/FileZipOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'compress',
  path: '/compress',
  group: 'text-file',
  icon: FileZipOutlined,
  topicId: 20,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./CompressPage'),
});
