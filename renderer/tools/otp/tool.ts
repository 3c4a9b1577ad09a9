import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'otp',
  path: '/otp',
  group: 'toolbox',
  icon: SafetyCertificateOutlined,
  topicId: 34,
  aliases: { cn: ['两步验证', '二次验证', '身份验证器', 'TOTP', '谷歌验证器'], en: ['TOTP', '2FA', 'two-factor', 'Google Authenticator'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./OtpPage'),
  plainFirstView: true,
  unlisted: true,
});
