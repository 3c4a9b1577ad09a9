import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'excel',
  path: '/excel',
  group: 'office',
  icon: TableOutlined,
  topicId: 2,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ExcelPage'),
  plainFirstView: true,
});
