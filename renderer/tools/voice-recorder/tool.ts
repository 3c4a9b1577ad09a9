import AudioOutlined from '@ant-design/icons-svg/es/asn/AudioOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'voice-recorder',
  path: '/voice/recorder',
  group: 'toolbox',
  icon: AudioOutlined,
  topicId: 39,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./VoiceRecorderPage'),
  // Spec §2 lists /voice/recorder among the untitled internal routes: reachable by its address, in no menu, card, search or sitemap.
  unlisted: true,
  plainFirstView: true,
});
