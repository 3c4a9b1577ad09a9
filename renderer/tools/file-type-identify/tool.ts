import FileUnknownOutlined from '@ant-design/icons-svg/es/asn/FileUnknownOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-type-identify',
  path: '/file/type/identify',
  group: 'text-file',
  icon: FileUnknownOutlined,
  topicId: 24,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./FileTypeIdentifyPage'),
  plainFirstView: true,
});
