import ToolOutlined from '@ant-design/icons-svg/es/asn/ToolOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'otp',
  path: '/otp',
  group: 'toolbox',
  icon: ToolOutlined,
  topicId: 34,
  aliases: { cn: [], en: [] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./OtpPage'),
  unlisted: true,
});
