import BulbOutlined from '@ant-design/icons-svg/es/asn/BulbOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'screen-on',
  path: '/screen/on',
  group: 'toolbox',
  icon: BulbOutlined,
  topicId: 33,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ScreenOnPage'),
  plainFirstView: true,
  hideAds: true,
});
