import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-steganography',
  path: '/image/steganography',
  group: 'image',
  icon: EyeInvisibleOutlined,
  topicId: 14,
  aliases: {
    cn: ['隐写术', '图片藏字', '隐藏信息', 'LSB', '图片加密文字'],
    en: ['stego', 'LSB', 'hide text in image', 'hidden message', 'secret message'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./ImageSteganographyPage'),
});
