import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'm3u8-downloader',
  path: '/m3u8/downloader',
  group: 'toolbox',
  icon: CloudDownloadOutlined,
  topicId: 30,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./M3u8DownloaderPage'),
  plainFirstView: true,
});
