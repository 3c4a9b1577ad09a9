import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-encoding-identify',
  path: '/file/encoding/identify',
  group: 'text-file',
  icon: TranslationOutlined,
  topicId: 25,
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  plainFirstView: true,
  page: () => import('./FileEncodingIdentifyPage'),
});
