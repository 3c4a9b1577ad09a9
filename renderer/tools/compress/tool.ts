import FileZipOutlined from '@ant-design/icons-svg/es/asn/FileZipOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'compress',
  path: '/compress',
  group: 'text-file',
  icon: FileZipOutlined,
  topicId: 20,
  aliases: {
    cn: ['zip', 'rar', '7z', 'tar', 'gz', '解压', '压缩', '压缩包', '解压缩', '在线解压', 'zip加密', '打包'],
    en: ['zip', 'unzip', 'rar', '7z', '7-zip', 'tar', 'tar.gz', 'tgz', 'extract', 'archive', 'decompress'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./CompressPage'),
});
