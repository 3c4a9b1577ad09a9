import FileWordOutlined from '@ant-design/icons-svg/es/asn/FileWordOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'doc-preview',
  path: '/doc/preview',
  group: 'office',
  icon: FileWordOutlined,
  topicId: 3,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./DocPreviewPage'),
  plainFirstView: true,
});
