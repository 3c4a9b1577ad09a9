import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-steganography',
  path: '/text/steganography',
  group: 'text-file',
  icon: EyeInvisibleOutlined,
  topicId: 23,
  aliases: {
    cn: ['零宽字符', '隐藏文字', '零宽空格', '隐写', '去除零宽字符'],
    en: ['zero width', 'hidden text', 'invisible characters', 'zwsp', 'steganography'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./TextSteganographyPage'),
});
