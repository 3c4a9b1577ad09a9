/*
 * import { Icon } from '@/components/Icon';  <Icon icon={DownloadOutlined} /> with the definition from
 * '@ant-design/icons-svg/es/asn/DownloadOutlined': antd's icon markup without @ant-design/icons' runtime.
 */
export { Icon } from '@/layouts/plain/icon';
