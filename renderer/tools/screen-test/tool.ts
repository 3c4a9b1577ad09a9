import DesktopOutlined from '@ant-design/icons-svg/es/asn/DesktopOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'screen-test',
  path: '/screen/test',
  group: 'toolbox',
  icon: DesktopOutlined,
  topicId: 29,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ScreenTestPage'),
  plainFirstView: true,
  hideAds: true,
});
