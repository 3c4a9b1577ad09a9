import DownloadOutlined from '@ant-design/icons-svg/es/asn/DownloadOutlined';
import UploadOutlined from '@ant-design/icons-svg/es/asn/UploadOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount } from '@shared/otp/account';
import { isOtpError } from '@shared/otp/account';
import { formatLinkList, isBackupError, MAX_BACKUP_BYTES } from '@shared/otp/backup';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { downloadText } from '@/components/download';
import { FileDropZone } from '@/components/FileDropZone';
import { Panel } from '@/components/Panel';
import { Select } from '@/components/Select';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { formatFileSize } from '@/lib/format';
import { toast } from '@/lib/notify';
import { openBackup, readBackupBlob, sealBackup } from '@/lib/otp-backup';
import type { VaultFile } from '@/lib/otp-vault';
import type { StoredOtpAccount } from '@/platform/storage';
import { exportTargets, liveSelection, setTicks, tickGroup } from './backup-selection';
import { parseLinks } from './otp.service';
import type { ParsedLinks } from './otp.service';
import { PasswordForm } from './VaultPanel';
import './backup.css';

/** A row's tick for the export selection. */
export function RowTick({
  entry,
  selected,
  onSelect,
}: {
  entry: StoredOtpAccount;
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
}) {
  const { t } = useTranslation('otp');
  return (
    <Checkbox
      className="otp-row__tick"
      checked={selected.has(entry.id)}
      onChange={(on) => onSelect(setTicks(selected, [entry], on))}
      aria-label={t('backup.selectRow', { name: entry.issuer || entry.account })}
      data-testid="otp-select"
    />
  );
}

export interface BackupPanelProps {
  accounts: readonly StoredOtpAccount[];
  /** The accounts listed now (after search and group filter). */
  shown: readonly StoredOtpAccount[];
  groups: readonly string[];
  selected: ReadonlySet<string>;
  onSelect: (next: Set<string>) => void;
  onExportMigration: (targets: StoredOtpAccount[]) => void;
  /** The page's add path: merges, skips duplicates and shows the result line. */
  onAdd: (incoming: OtpAccount[], group: string, batches: ParsedLinks['batches']) => Promise<void>;
}

type Mode = 'encrypted' | 'plain' | 'import';

/** Local date for file names: a backup made today is found by today's date. */
const today = () => {
  const now = new Date();
  return `${now.getFullYear()}${String(now.getMonth() + 1).padStart(2, '0')}${String(now.getDate()).padStart(2, '0')}`;
};

/** The export selection (ticks, select all, by group) and the three exports, plus importing a backup. */
export function BackupPanel({ accounts, shown, groups, selected, onSelect, onExportMigration, onAdd }: BackupPanelProps) {
  const { t } = useTranslation('otp');
  const [mode, setMode] = useState<Mode>();
  /** An encrypted backup picked for import, waiting for its password. */
  const [pending, setPending] = useState<VaultFile>();
  const [error, setError] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const live = liveSelection(accounts, selected);
  const targets = exportTargets(accounts, shown, live);
  const allShownTicked = shown.length > 0 && shown.every((entry) => live.has(entry.id));

  const messageOf = (caught: unknown): string => {
    if (isBackupError(caught)) return t(`backup.errors.${caught.kind}`, { size: formatFileSize(MAX_BACKUP_BYTES) });
    if (caught instanceof Error && caught.name === 'WrongPasswordError') return t('backup.errors.wrongPassword');
    if (isOtpError(caught)) return t(`errors.${caught.kind}`);
    return t('backup.errors.read', { reason: caught instanceof Error ? caught.message : String(caught) });
  };

  const toggle = (next: Mode) => {
    setMode(mode === next ? undefined : next);
    setPending(undefined);
    setError('');
    setNote('');
  };

  const exported = (count: number) => {
    toast.success(t('backup.exported', { count }));
    setMode(undefined);
  };

  const onEncrypted = async (password: string) => {
    try {
      downloadText(await sealBackup(targets, password), `baibao-otp-${today()}.json`, 'application/json');
    } catch (caught) {
      throw new Error(messageOf(caught), { cause: caught });
    }
    exported(targets.length);
  };

  const onPlain = () => {
    downloadText(formatLinkList(targets), `baibao-otp-links-${today()}.txt`);
    exported(targets.length);
  };

  const merge = async (incoming: OtpAccount[], invalid: number, batches: ParsedLinks['batches'] = []) => {
    if (incoming.length === 0 && invalid === 0) return setNote(t('backup.importEmpty'));
    setNote(invalid > 0 ? t('backup.invalid', { count: invalid }) : '');
    setMode(undefined);
    await onAdd(incoming, '', batches);
    return undefined;
  };

  const onFile = async (file: File) => {
    setError('');
    setNote('');
    setPending(undefined);
    setBusy(true);
    try {
      const input = await readBackupBlob(file);
      if (input.kind === 'encrypted') setPending(input.file);
      else if (input.kind === 'plain') await merge(input.accounts, input.invalid);
      else {
        const links = parseLinks(input.text);
        await merge(links.accounts, 0, links.batches);
      }
    } catch (caught) {
      setError(messageOf(caught));
    } finally {
      setBusy(false);
    }
  };

  const onUnlock = async (password: string) => {
    if (!pending) return;
    let content;
    try {
      content = await openBackup(pending, password);
    } catch (caught) {
      throw new Error(messageOf(caught), { cause: caught });
    }
    setPending(undefined);
    await merge(content.accounts, content.invalid);
  };

  const noTargets = targets.length === 0;
  return (
    <section className="otp-backup" aria-label={t('backup.title')} data-testid="otp-backup">
      {accounts.length > 0 ? (
        <div className="otp-backup__select">
          <Checkbox
            checked={allShownTicked}
            disabled={shown.length === 0}
            onChange={(on) => onSelect(setTicks(live, shown, on))}
            data-testid="otp-select-all"
          >
            {t('backup.selectAll')}
          </Checkbox>
          {groups.length > 0 ? (
            <Select<string>
              size="small"
              value={undefined}
              placeholder={t('backup.selectGroup')}
              aria-label={t('backup.selectGroup')}
              options={groups.map((value) => ({ value, label: value }))}
              onChange={(group) => onSelect(tickGroup(live, accounts, group))}
              data-testid="otp-select-group"
            />
          ) : null}
          {live.size > 0 ? (
            <Button size="small" type="link" onClick={() => onSelect(new Set())} data-testid="otp-select-clear">
              {t('backup.clear')}
            </Button>
          ) : null}
          <Text type="secondary" className="otp-backup__note" data-testid="otp-selection-note">
            {live.size > 0 ? t('backup.selected', { count: live.size }) : t('backup.noneSelected', { count: targets.length })}
          </Text>
        </div>
      ) : null}
      <div className="otp-backup__actions">
        <Button onClick={() => onExportMigration(targets)} disabled={noTargets} data-testid="otp-export-migration">
          {t('exportMigration')}
        </Button>
        <Button
          icon={<Icon icon={DownloadOutlined} />}
          onClick={() => toggle('encrypted')}
          aria-expanded={mode === 'encrypted'}
          disabled={noTargets}
          data-testid="otp-export-encrypted"
        >
          {t('backup.exportEncrypted')}
        </Button>
        <Button onClick={() => toggle('plain')} aria-expanded={mode === 'plain'} disabled={noTargets} data-testid="otp-export-plain">
          {t('backup.exportPlain')}
        </Button>
        <Button
          icon={<Icon icon={UploadOutlined} />}
          onClick={() => toggle('import')}
          aria-expanded={mode === 'import'}
          data-testid="otp-import-backup"
        >
          {t('backup.import')}
        </Button>
      </div>
      {mode === 'encrypted' ? (
        <Panel className="otp-backup__box">
          <p className="otp-backup__text">{t('backup.encryptedText')}</p>
          <PasswordForm submitLabel={t('backup.encryptedSubmit')} confirm onSubmit={onEncrypted} testId="otp-backup-password" />
        </Panel>
      ) : null}
      {mode === 'plain' ? (
        // The buttons sit under the warning, not in its action slot, which squeezes the text into a column at 375 px.
        <div className="otp-backup__plain">
          <Alert
            type="warning"
            showIcon
            message={t('backup.plainTitle')}
            description={t('backup.plainWarning')}
            data-testid="otp-plain-export-warning"
          />
          <span className="otp-backup__confirm">
            <Button danger onClick={onPlain} data-testid="otp-plain-export-confirm">
              {t('backup.plainConfirm')}
            </Button>
            <Button onClick={() => setMode(undefined)}>{t('backup.cancel')}</Button>
          </span>
        </div>
      ) : null}
      {mode === 'import' ? (
        <Panel className="otp-backup__box">
          <FileDropZone
            compact
            multiple={false}
            acceptPaste={false}
            accept=".json,.txt,application/json,text/plain"
            title={t('backup.importTitle')}
            hint={t('backup.importHint')}
            busy={busy}
            onFiles={(files) => void onFile(files[0]!)}
            inputTestId="otp-backup-file"
          />
          {pending ? (
            <>
              <p className="otp-backup__text">{t('backup.importPassword')}</p>
              <PasswordForm submitLabel={t('backup.importSubmit')} confirm={false} onSubmit={onUnlock} testId="otp-backup-unlock" />
            </>
          ) : null}
        </Panel>
      ) : null}
      {error ? <Alert type="error" showIcon message={error} data-testid="otp-backup-error" /> : null}
      {note ? <Alert type="info" showIcon message={note} data-testid="otp-backup-note" /> : null}
    </section>
  );
}
