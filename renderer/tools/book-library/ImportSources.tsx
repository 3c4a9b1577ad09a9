import { Suspense, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import type { ImportResult } from './library.store';
import { cloudImportSource } from './cloud-import-source';
import { webdavImportSource } from './webdav-import-source';

/**
 * A place books come from besides this device: the WebDAV and cloud-list drawers of spec §2 plug
 * in here (issue 15). Each brings its button text, icon and the drawer's body, which hands the
 * files it fetched to the library's import queue, so they get the same progress, errors and
 * duplicate check as dropped files. The list is empty until one really works: no button is shown
 * for a source that does nothing.
 */
export interface ImportSource {
  id: string;
  title: { cn: string; en: string };
  icon: ReactNode;
  /** `onFiles` queues the files like dropped ones and tells how each ended, for the source's own count and history. */
  Panel: ComponentType<{ onFiles: (files: File[]) => Promise<ImportResult[]>; onClose: () => void }>;
}

const ImportDrawer = lazyWithAntd(() => import('./ImportDrawer'));

export const IMPORT_SOURCES: readonly ImportSource[] = [webdavImportSource, cloudImportSource];

/** One button per source and the drawer it opens (antd's, loaded with the first one opened and kept for the closing animation). */
export function ImportSources({
  sources = IMPORT_SOURCES,
  onFiles,
}: {
  sources?: readonly ImportSource[];
  onFiles: (files: File[]) => Promise<ImportResult[]>;
}) {
  const { i18n } = useTranslation();
  const [open, setOpen] = useState<ImportSource | undefined>();
  const [opened, setOpened] = useState(false);
  if (sources.length === 0) return null;
  const title = (source: ImportSource) => (i18n.language === 'en' ? source.title.en : source.title.cn);
  const close = () => setOpen(undefined);
  return (
    <>
      {sources.map((source) => (
        <Button
          key={source.id}
          icon={source.icon}
          onClick={() => {
            setOpen(source);
            setOpened(true);
          }}
          data-testid={`import-source-${source.id}`}
        >
          {title(source)}
        </Button>
      ))}
      {opened ? (
        <Suspense fallback={null}>
          <ImportDrawer source={open} title={open ? title(open) : undefined} onClose={close} onFiles={onFiles} />
        </Suspense>
      ) : null}
    </>
  );
}
