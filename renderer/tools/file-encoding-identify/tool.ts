import TranslationOutlined from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'file-encoding-identify',
  path: '/file/encoding/identify',
  group: 'text-file',
  icon: TranslationOutlined,
  topicId: 25,
  aliases: {
    cn: ['编码检测', '乱码', '字符集', 'GBK转UTF-8', 'Big5', 'UTF-8 BOM', '编码转换', 'charset'],
    en: ['charset', 'encoding detector', 'mojibake', 'GBK', 'Big5', 'convert to UTF-8', 'BOM'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./FileEncodingIdentifyPage'),
});
