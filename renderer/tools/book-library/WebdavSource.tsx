import { CloudServerOutlined, DeleteOutlined, EditOutlined, FolderOpenOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Grid, Popconfirm, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import type { WebdavCapability, WebdavEntry } from '@shared/contracts/webdav';
import { bookDownloads } from '@/platform/storage';
import type { ImportResult } from './library.store';
import type { EntryServices } from './webdav-entries.store';
import { useWebdavEntries } from './webdav-entries.store';
import { entryLabel } from './webdav.service';
import { WebdavEditDialog } from './WebdavEditDialog';
import { WebdavViewer } from './WebdavViewer';

/**
 * The e-book WebDAV import drawer's body (spec §2): the user's WebDAV servers, each to browse, edit
 * or remove, and a button to add one. Browsing opens the viewer drawer over it.
 */
export function WebdavSource({ webdav, onFiles }: { webdav: WebdavCapability; onFiles: (files: File[]) => Promise<ImportResult[]> }) {
  const { t } = useTranslation('book-library');
  const wide = Grid.useBreakpoint().md ?? true;
  const entries = useWebdavEntries((state) => state.entries);
  const remove = useWebdavEntries((state) => state.remove);
  const services = useMemo<EntryServices>(
    () => ({ passwords: webdav.passwords, forgetHistory: bookDownloads.forget, historyOf: bookDownloads.of }),
    [webdav],
  );
  const [editing, setEditing] = useState<{ entry?: WebdavEntry } | undefined>();
  const [browsing, setBrowsing] = useState<WebdavEntry | undefined>();

  const removeEntry = async (entry: WebdavEntry) => {
    await remove(services, entry.id);
    toast.success(t('webdav.entries.removed'));
  };

  return (
    <div className="bl-dav" data-testid="webdav-source">
      <Typography.Paragraph type="secondary" className="bl-dav__intro">
        {t('webdav.entries.intro')}
      </Typography.Paragraph>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})} data-testid="webdav-add">
        {t('webdav.entries.add')}
      </Button>
      {entries.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('webdav.entries.empty')} />
      ) : (
        <ul className="bl-dav-list" data-testid="webdav-entries">
          {entries.map((entry) => (
            <li key={entry.id} className="bl-dav-entry" data-testid="webdav-entry" data-url={entry.serverURL}>
              <button type="button" className="bl-dav-entry__open" onClick={() => setBrowsing(entry)} data-testid="webdav-entry-open">
                <CloudServerOutlined className="bl-dav-item__icon" />
                <span className="bl-dav-item__text">
                  <span className="bl-dav-item__name">{entryLabel(entry)}</span>
                  <span className="bl-dav-item__meta">{entry.serverURL}</span>
                </span>
              </button>
              {entry.authType === 'none' ? <Tag>{t('webdav.entries.noLogin')}</Tag> : null}
              <span className="bl-dav-entry__actions">
                <Button
                  type="text"
                  icon={<FolderOpenOutlined />}
                  onClick={() => setBrowsing(entry)}
                  aria-label={t('webdav.entries.open')}
                  title={t('webdav.entries.open')}
                />
                <Button
                  type="text"
                  icon={<EditOutlined />}
                  onClick={() => setEditing({ entry })}
                  aria-label={t('webdav.entries.edit')}
                  title={t('webdav.entries.edit')}
                  data-testid="webdav-entry-edit"
                />
                <Popconfirm
                  title={t('webdav.entries.removeConfirm')}
                  description={t('webdav.entries.removeHint')}
                  okText={t('webdav.entries.remove')}
                  cancelText={t('webdav.edit.cancel')}
                  okButtonProps={{ danger: true }}
                  onConfirm={() => removeEntry(entry)}
                >
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('webdav.entries.remove')}
                    title={t('webdav.entries.remove')}
                    data-testid="webdav-entry-remove"
                  />
                </Popconfirm>
              </span>
            </li>
          ))}
        </ul>
      )}
      <WebdavEditDialog
        open={!!editing}
        entry={editing?.entry}
        webdav={webdav}
        services={services}
        onClose={(saved) => {
          setEditing(undefined);
          // A new server opens at once: what the user added it for is browsing it.
          if (saved && !editing?.entry) setBrowsing(saved);
        }}
      />
      <WebdavViewer
        entry={browsing}
        webdav={webdav}
        services={services}
        wide={wide}
        onFiles={onFiles}
        onClose={() => setBrowsing(undefined)}
      />
    </div>
  );
}
