import { LinkOutlined } from '@ant-design/icons';
import { CloudSource } from './CloudSource';
import type { ImportSource } from './ImportSources';

/** Books from a public list of links or an OPDS catalogue, through the API's `book` proxy purpose. */
export const cloudImportSource: ImportSource = {
  id: 'cloud',
  title: { cn: '从书单导入', en: 'Import from a list' },
  icon: <LinkOutlined />,
  Panel: ({ onFiles }) => <CloudSource onFiles={onFiles} />,
};
