import RetweetOutlined from '@ant-design/icons-svg/es/asn/RetweetOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'text-disorder',
  path: '/text/disorder',
  group: 'text-file',
  icon: RetweetOutlined,
  topicId: 27,
  aliases: {
    cn: ['乱序', '打乱文字', '字序', '研表究明', '防屏蔽', '防和谐'],
    en: ['shuffle', 'scramble', 'typoglycemia', 'disorder', 'chinese'],
  },
  createdAt: '2026-11-21',
  texts: meta,
  locales: () => import('./locales'),
  plainFirstView: true,
  page: () => import('./TextDisorderPage'),
});
