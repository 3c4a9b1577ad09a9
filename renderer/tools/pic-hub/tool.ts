import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'pic-hub',
  path: '/pic/hub',
  group: 'image',
  icon: ToolOutlined,
  topicId: 15,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./PicHubPage'),
});
