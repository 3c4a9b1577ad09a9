import CompressOutlined from '@ant-design/icons-svg/es/asn/CompressOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-compress',
  path: '/image/compress',
  group: 'image',
  icon: CompressOutlined,
  topicId: 10,
  important: true,
  aliases: {
    cn: ['压缩图片', '图片变小', 'jpg压缩', 'png压缩', '照片压缩', '压缩到200k'],
    en: ['compress image', 'squoosh', 'tinypng', 'jpeg', 'webp', 'avif'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ImageCompressPage'),
  plainFirstView: true,
});
