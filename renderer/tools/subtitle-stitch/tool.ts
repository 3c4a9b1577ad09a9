import VerticalAlignBottomOutlined from '@ant-design/icons-svg/es/asn/VerticalAlignBottomOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'subtitle-stitch',
  path: '/subtitle/stitch',
  group: 'image',
  icon: VerticalAlignBottomOutlined,
  topicId: 16,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./SubtitleStitchPage'),
});
