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
    cn: ['图床', 'github 图床', '免费图床', '图片外链', '图片上传', 'picgo', 'picx', 'piclist', 'jsdelivr', 'markdown 图片'],
    en: ['image hosting', 'picture hosting', 'github image hosting', 'image upload', 'picgo', 'picx', 'jsdelivr', 'markdown images'],
  },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./PicHubPage'),
});
