import { CloudDownloadOutlined } from '@ant-design/icons';
import { platform } from '@/platform';
import type { ImportSource } from './ImportSources';
import { WebdavSource } from './WebdavSource';

/** Books from the user's WebDAV server: through the API's proxy on the website, from the main process on the desktop. */
export const webdavImportSource: ImportSource = {
  id: 'webdav',
  title: { cn: '从 WebDAV 导入', en: 'Import from WebDAV' },
  icon: <CloudDownloadOutlined />,
  Panel: ({ onFiles }) => <WebdavSource webdav={platform.webdav} onFiles={onFiles} />,
};
