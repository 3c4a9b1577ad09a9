import LayoutOutlined from '@ant-design/icons-svg/es/asn/LayoutOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'sketch',
  path: '/sketch',
  group: 'image',
  icon: LayoutOutlined,
  topicId: 7,
  aliases: { cn: ['Sketch 预览', 'sketch 查看器', 'Windows 打开 sketch'], en: ['Sketch preview', 'open sketch file'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./SketchPage'),
  plainFirstView: true,
});
