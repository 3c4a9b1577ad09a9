import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'otp',
  path: '/otp',
  group: 'toolbox',
  icon: SafetyCertificateOutlined,
  topicId: 34,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./OtpPage'),
  plainFirstView: true,
});
