import CloudDownloadOutlined from '@ant-design/icons-svg/es/asn/CloudDownloadOutlined';
import { lazy, Suspense } from 'react';
import { Icon } from '@/components/Icon';
import { Spin } from '@/components/Spin';
import { platform } from '@/platform';
import type { ImportSource } from './ImportSources';

// Loaded when the drawer opens: the server list and its forms are antd's, and the shelf opens without antd.
const WebdavSource = lazy(() => import('./WebdavSource').then((module) => ({ default: module.WebdavSource })));

/** Books from the user's WebDAV server: through the API's proxy on the website, from the main process on the desktop. */
export const webdavImportSource: ImportSource = {
  id: 'webdav',
  title: { cn: '从 WebDAV 导入', en: 'Import from WebDAV' },
  icon: <Icon icon={CloudDownloadOutlined} />,
  Panel: ({ onFiles }) => (
    <Suspense fallback={<Spin />}>
      <WebdavSource webdav={platform.webdav} onFiles={onFiles} />
    </Suspense>
  ),
};
