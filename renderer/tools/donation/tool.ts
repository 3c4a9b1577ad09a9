import HeartOutlined from '@ant-design/icons-svg/es/asn/HeartOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'donation',
  path: '/donation',
  group: 'extra',
  plainFirstView: true,
  icon: HeartOutlined,
  topicId: 36,
  // Spec §2: /donation takes layout offset 0.
  offset: 0,
  createdAt: '2026-11-28',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./DonationPage'),
});
