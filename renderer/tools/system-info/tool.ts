import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'system-info',
  path: '/system/info',
  group: 'toolbox',
  icon: DesktopOutlined,
  topicId: 31,
  createdAt: '2026-11-27',
  plainFirstView: true,
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./SystemInfoPage'),
});
