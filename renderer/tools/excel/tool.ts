import TableOutlined from '@ant-design/icons-svg/es/asn/TableOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'excel',
  path: '/excel',
  group: 'office',
  icon: TableOutlined,
  topicId: 2,
  aliases: { cn: ['表格', '电子表格', 'xlsx', 'csv'], en: ['spreadsheet', 'xlsx', 'csv', 'workbook'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ExcelPage'),
  plainFirstView: true,
});
