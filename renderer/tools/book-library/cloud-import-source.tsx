import LinkOutlined from '@ant-design/icons-svg/es/asn/LinkOutlined';
import { lazy, Suspense } from 'react';
import { Icon } from '@/components/Icon';
import { Spin } from '@/components/Spin';
import type { ImportSource } from './ImportSources';

// Loaded when the drawer opens: the list reader (xmldom) and the drawer would otherwise put the page over its first-load budget.
const CloudSource = lazy(() => import('./CloudSource').then((module) => ({ default: module.CloudSource })));

/** Books from a public list of links or an OPDS catalogue, through the API's `book` proxy purpose. */
export const cloudImportSource: ImportSource = {
  id: 'cloud',
  title: { cn: '从书单导入', en: 'Import from a list' },
  icon: <Icon icon={LinkOutlined} />,
  Panel: ({ onFiles }) => (
    <Suspense fallback={<Spin />}>
      <CloudSource onFiles={onFiles} />
    </Suspense>
  ),
};
