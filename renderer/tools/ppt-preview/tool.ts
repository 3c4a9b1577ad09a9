import FundProjectionScreenOutlined from '@ant-design/icons-svg/es/asn/FundProjectionScreenOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'ppt-preview',
  path: '/ppt/preview',
  group: 'office',
  icon: FundProjectionScreenOutlined,
  topicId: 4,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./PptPreviewPage'),
  plainFirstView: true,
});
