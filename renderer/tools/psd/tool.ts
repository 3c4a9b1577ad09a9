import FileImageOutlined from '@ant-design/icons-svg/es/asn/FileImageOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'psd',
  path: '/psd',
  group: 'image',
  icon: FileImageOutlined,
  topicId: 8,
  aliases: { cn: ['PS 文件预览', 'PSD 查看器', 'PSB 预览'], en: ['Photoshop viewer', 'PSB viewer'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./PsdPage'),
  plainFirstView: true,
});
