import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'chatgpt',
  path: '/chatgpt',
  group: 'toolbox',
  icon: MessageOutlined,
  topicId: 32,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./ChatgptPage'),
  plainFirstView: true,
});
