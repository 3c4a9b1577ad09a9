import AppstoreOutlined from '@ant-design/icons-svg/es/asn/AppstoreOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'icon-marker',
  path: '/icon/marker',
  group: 'image',
  icon: AppstoreOutlined,
  topicId: 9,
  aliases: {
    cn: ['favicon', 'ico', '图标生成', 'ico转换', '网站图标', 'pwa图标'],
    en: ['favicon generator', 'ico', 'apple touch icon', 'maskable', 'webmanifest', 'pwa icon'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./IconMarkerPage'),
  plainFirstView: true,
});
