import HighlightOutlined from '@ant-design/icons-svg/es/asn/HighlightOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'hand-write',
  path: '/hand-write/generate',
  group: 'text-file',
  icon: HighlightOutlined,
  topicId: 21,
  offset: 1,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./HandWritePage'),
  internalRoutes: [{ path: '/hand-write/preview', page: () => import('./PreviewRoute') }],
  plainFirstView: true,
});
