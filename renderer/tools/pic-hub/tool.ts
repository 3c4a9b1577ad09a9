import CloudUploadOutlined from '@ant-design/icons-svg/es/asn/CloudUploadOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'pic-hub',
  path: '/pic/hub',
  group: 'image',
  icon: CloudUploadOutlined,
  topicId: 15,
  aliases: {
    cn: ['github 图床', '图片外链', 'picgo', 'picx', 'jsdelivr'],
    en: ['image hosting', 'picgo', 'picx', 'jsdelivr'],
  },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  uploads: true,
  page: () => import('./PicHubPage'),
});
