import ExpandOutlined from '@ant-design/icons-svg/es/asn/ExpandOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-resizer',
  path: '/image/resizer',
  group: 'image',
  icon: ExpandOutlined,
  topicId: 12,
  aliases: {
    cn: ['改图片尺寸', '图片裁剪', '修改分辨率', '证件照尺寸', '一寸照片', '图片旋转', '批量缩放'],
    en: ['resize image', 'crop image', 'image cropper', 'passport photo', 'rotate image', 'scale image'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ImageResizerPage'),
  plainFirstView: true,
});
