import ScissorOutlined from '@ant-design/icons-svg/es/asn/ScissorOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-cutmerge',
  path: '/file/cutmerge',
  group: 'text-file',
  icon: ScissorOutlined,
  topicId: 19,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FileCutmergePage'),
  plainFirstView: true,
});
