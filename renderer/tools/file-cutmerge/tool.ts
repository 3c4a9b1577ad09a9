import ScissorOutlined from '@ant-design/icons-svg/es/asn/ScissorOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-cutmerge',
  path: '/file/cutmerge',
  group: 'text-file',
  icon: ScissorOutlined,
  topicId: 19,
  aliases: {
    cn: ['文件分割', '文件拆分', '大文件切割', '分卷', '合并001', '文件合并', 'hjsplit'],
    en: ['split', 'join', 'file splitter', 'file joiner', 'hjsplit', '001 files', 'merge parts'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./FileCutmergePage'),
  plainFirstView: true,
});
