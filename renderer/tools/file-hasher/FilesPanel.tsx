import { useShallow } from 'zustand/react/shallow';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import type { ExpectedHash } from '@shared/hash/checksum-format';
import { FileDropZone } from '@/components/FileDropZone';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { useFileHasherStore } from './file-hasher.store';

// The results (the batch list and its export bar with antd's Select) show once files are added:
// they load with the first file, not with the page.
const HashResults = lazyWithAntd<{ expected: readonly ExpectedHash[] }>(() =>
  import('./HashResults').then((module) => ({ default: module.HashResults })),
);

/** The batch: drop/pick/paste files, see each one's progress, digests, comparison, and export them all. */
export function FilesPanel({ expected, compareBox }: { expected: readonly ExpectedHash[]; compareBox: ReactNode }) {
  const { algorithms, addFiles, any } = useFileHasherStore(
    useShallow(({ algorithms, addFiles, rows }) => ({ algorithms, addFiles, any: rows.length > 0 })),
  );
  const add = (files: File[]) => {
    void HashResults.preload().catch(() => undefined);
    addFiles(files);
  };
  return (
    <div className="fh-block fh-stack">
      <FileDropZone onFiles={add} disabled={algorithms.length === 0} />
      {compareBox}
      {any ? (
        <Suspense fallback={null}>
          <HashResults expected={expected} />
        </Suspense>
      ) : null}
    </div>
  );
}
