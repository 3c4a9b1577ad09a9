import FileUnknownOutlined from '@ant-design/icons-svg/es/asn/FileUnknownOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-type-identify',
  path: '/file/type/identify',
  group: 'text-file',
  icon: FileUnknownOutlined,
  topicId: 24,
  aliases: {
    cn: ['文件格式', '真实格式', '扩展名', '后缀名', 'MIME', '魔数', '文件头'],
    en: ['file format', 'mime type', 'magic bytes', 'file signature', 'extension', 'detect file type'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./FileTypeIdentifyPage'),
  plainFirstView: true,
});
