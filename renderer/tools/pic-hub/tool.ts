import CloudUploadOutlined from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'pic-hub',
  path: '/pic/hub',
  group: 'image',
  icon: CloudUploadOutlined,
  topicId: 15,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  uploads: true,
  page: () => import('./PicHubPage'),
});
