import FileMarkdownOutlined from '@ant-design/icons-svg/es/asn/FileMarkdownOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'md-editor',
  path: '/md/editor',
  group: 'markdown',
  icon: FileMarkdownOutlined,
  topicId: 1,
  offset: 0,
  pathAliases: ['/md'],
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./MdEditorPage'),
});
