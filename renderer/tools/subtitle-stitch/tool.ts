import VerticalAlignBottomOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignBottomOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'subtitle-stitch',
  path: '/subtitle/stitch',
  group: 'image',
  icon: VerticalAlignBottomOutlined,
  topicId: 16,
  aliases: {
    cn: ['字幕拼图', '截图拼接', '台词拼接', '长图拼接', '电影截图'],
    en: ['subtitle', 'screenshot stitch', 'caption collage', 'movie lines', 'long image'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./SubtitleStitchPage'),
});
