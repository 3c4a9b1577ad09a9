import ApartmentOutlined from '@ant-design/icons-svg/es/asn/ApartmentOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'folder-tree',
  path: '/folder/tree',
  group: 'text-file',
  icon: ApartmentOutlined,
  topicId: 18,
  aliases: {
    cn: ['tree', '目录结构', '文件夹结构', '文件列表', '项目结构'],
    en: ['tree', 'directory tree', 'folder structure', 'project structure', 'file list'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./FolderTreePage'),
  plainFirstView: true,
});
