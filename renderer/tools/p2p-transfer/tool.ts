import SwapOutlined from '@ant-design/icons-svg/es/asn/SwapOutlined';
import { defineTool } from '@/tools/types';
import { meta } from './meta';

export default defineTool({
  id: 'p2p-transfer',
  path: '/p2p/transfer',
  group: 'toolbox',
  icon: SwapOutlined,
  topicId: 28,
  createdAt: '2026-11-27',
  texts: meta,
  locales: () => import('./locales'),
  search: () => import('./search'),
  page: () => import('./P2pTransferPage'),
  plainFirstView: true,
});
