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
  aliases: {
    cn: ['md', 'markdown', '笔记', '写作', '文档编辑', 'md编辑器'],
    en: ['md', 'markdown', 'notes', 'writing', 'md editor'],
  },
  pathAliases: ['/md'],
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  unlisted: true,
  page: () => import('./MdEditorPage'),
});
