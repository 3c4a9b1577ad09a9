import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'image-convert',
  path: '/image/convert',
  group: 'image',
  icon: SwapOutlined,
  topicId: 11,
  important: true,
  aliases: {
    cn: ['格式转换', 'png转jpg', 'jpg转png', 'webp转jpg', 'heic转jpg', 'png转ico', '图片转ico'],
    en: ['convert image', 'png to jpg', 'webp to jpg', 'jpg to webp', 'heic to jpg', 'png to ico', 'image to ico'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./ImageConvertPage'),
  plainFirstView: true,
});
