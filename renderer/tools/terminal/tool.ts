import CodeOutlined from '@ant-design/icons-svg/es/asn/CodeOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'terminal',
  path: '/terminal',
  group: 'toolbox',
  icon: CodeOutlined,
  topicId: 40,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./TerminalPage'),
  // Spec §2 lists /terminal among the untitled internal routes: reachable by its address, in no menu, card, search or sitemap.
  unlisted: true,
  plainFirstView: true,
  hideAds: true,
});
