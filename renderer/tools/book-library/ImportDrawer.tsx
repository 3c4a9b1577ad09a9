import { Drawer, Grid } from 'antd';
import type { ImportSource } from './ImportSources';
import type { ImportResult } from './library.store';

export interface ImportDrawerProps {
  source: ImportSource | undefined;
  title: string | undefined;
  onClose: () => void;
  onFiles: (files: File[]) => Promise<ImportResult[]>;
}

/** A source's drawer: from the right on wide screens, from the bottom at 90vh on phones (spec §2). antd's, loaded with the first source opened. */
export default function ImportDrawer({ source, title, onClose, onFiles }: ImportDrawerProps) {
  const wide = Grid.useBreakpoint().md ?? true;
  return (
    <Drawer
      open={!!source}
      onClose={onClose}
      title={title}
      placement={wide ? 'right' : 'bottom'}
      size={wide ? 520 : '90vh'}
      destroyOnHidden
      rootClassName="bl-import-drawer"
    >
      {source ? <source.Panel onFiles={onFiles} onClose={onClose} /> : null}
    </Drawer>
  );
}
