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
  aliases: { cn: ['md5', 'sha256', 'crc32', '校验', '哈希值', '修改md5'], en: ['checksum', 'digest', 'md5', 'sha256', 'crc32', 'sm3'] },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./FileHasherPage'),
});
