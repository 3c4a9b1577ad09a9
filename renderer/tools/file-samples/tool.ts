import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-samples',
  path: '/file/samples',
  group: 'text-file',
  icon: FolderOpenOutlined,
  topicId: 26,
  offset: 0,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FileSamplesPage'),
  plainFirstView: true,
  internalRoutes: [{ path: '/file/samples/edit', page: () => import('./SamplesEditPage'), requireAdmin: true }],
});
