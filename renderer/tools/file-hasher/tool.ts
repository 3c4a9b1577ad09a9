import NumberOutlined from '@ant-design/icons-svg/es/asn/NumberOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-hasher',
  path: '/file/hasher',
  group: 'text-file',
  icon: NumberOutlined,
  topicId: 22,
  important: true,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./FileHasherPage'),
});
