import FileWordOutlined from '@ant-design/icons-svg/es/asn/FileWordOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'doc-preview',
  path: '/doc/preview',
  group: 'office',
  icon: FileWordOutlined,
  topicId: 3,
  aliases: { cn: ['docx 预览', 'Word 查看器', 'doc 打开'], en: ['docx viewer', 'Word reader'] },
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  page: () => import('./DocPreviewPage'),
  plainFirstView: true,
});
