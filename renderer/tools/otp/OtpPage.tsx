import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount } from '@shared/otp/account';
import { migrationBlocker, planMigrationBatches } from '@shared/otp/migration';
import { formatOtpauthUri } from '@shared/otp/otpauth-uri';
import { Alert } from '@/components/Alert';
import { copyText } from '@/components/clipboard';
import { Empty } from '@/components/Empty';
import { Input } from '@/components/Input';
import { Select } from '@/components/Select';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { randomHexId } from '@/lib/ids';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { createVaultKey, openVault, sealVault, VaultError } from '@/lib/otp-vault';
import type { VaultKey } from '@/lib/otp-vault';
import { toast } from '@/lib/notify';
import { otpStorage } from '@/platform/storage';
import type { StoredOtpAccount } from '@/platform/storage';
import { AccountRow } from './AccountRow';
import { BackupPanel, RowTick } from './BackupPanel';
import { mergeAccounts } from './backup-selection';
import { AddPanel } from './AddPanel';
import type { SavedDraft } from './EditDrawer';
import type { QrDialogRequest } from './QrDialog';
import { accountsFromVault, addAccounts, AUTO_LOCK_MS, filterAccounts, groupsOf, moveAccount } from './otp.service';
import { UnlockPanel, VaultPanel } from './VaultPanel';
import type { ParsedLinks } from './otp.service';
import { useNow } from './use-now';
import './otp.css';

const QrDialog = lazyWithAntd(() => import('./QrDialog'));
const EditDrawer = lazyWithAntd(() => import('./EditDrawer'));
const ScanDrawer = lazyWithAntd(() => import('./ScanDrawer'));

/** Image files on the clipboard of a paste event (a screenshot, a copied picture). */
const pastedImages = (event: ClipboardEvent) => [...(event.clipboardData?.files ?? [])].filter((file) => file.type.startsWith('image/'));

/** Google Authenticator's batch_id is an int32 that tells one export's codes from another's. */
const randomBatchId = () => crypto.getRandomValues(new Int32Array(1))[0]!;

const displayName = (entry: StoredOtpAccount) =>
  entry.issuer && entry.account ? `${entry.issuer} (${entry.account})` : entry.issuer || entry.account;

type Load = { state: 'loading' } | { state: 'ready' } | { state: 'failed'; reason: string };

/** plain: accounts readable in IndexedDB; locked: only the sealed vault is known; unlocked: its key is in memory. */
type Vault = { kind: 'plain' } | { kind: 'locked' } | { kind: 'unlocked'; key: VaultKey };

/** /otp: the authenticator's accounts with live codes, and the ways to add them. */
export default function OtpPage() {
  const { t } = useTranslation('otp');
  const { t: tc } = useTranslation('components');
  const now = useNow();
  const [accounts, setAccounts] = useState<StoredOtpAccount[]>([]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [query, setQuery] = useState('');
  const [group, setGroup] = useState('');
  /** What the last add did (added, duplicates skipped, migration batch "1 of 3"): stays until the next add. */
  const [lastImport, setLastImport] = useState('');
  const [dialog, setDialog] = useState<QrDialogRequest>();
  const [vault, setVault] = useState<Vault>({ kind: 'plain' });
  /** The accounts ticked for export (ids); none ticked: exports take every account listed. */
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  /** Spec §3's OTP state "the record being edited": an account, or 'new' for manual entry. */
  const [editing, setEditing] = useState<StoredOtpAccount | 'new'>();
  /** The QR scan drawer, with the pictures pasted on the page that opened it. */
  const [scan, setScan] = useState<{ files?: File[] }>();

  const failed = useCallback(
    (error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      toast.error(t('errors.storage', { reason }));
    },
    [t],
  );

  useEffect(() => {
    let current = true;
    const read = async () => ((await otpStorage.mode()) === 'vault' ? undefined : otpStorage.accounts());
    read().then(
      (stored) => {
        if (!current) return;
        if (stored) setAccounts(stored);
        else setVault({ kind: 'locked' });
        setLoad({ state: 'ready' });
      },
      (error: unknown) => current && setLoad({ state: 'failed', reason: error instanceof Error ? error.message : String(error) }),
    );
    return () => {
      current = false;
    };
  }, []);

  /**
   * Shows the new list at once and writes it: `plainWrite` (only the records that changed) without
   * a vault, the whole list re-sealed with the unlocked key otherwise. A failed write puts the old
   * list back.
   */
  const save = useCallback(
    async (next: StoredOtpAccount[], plainWrite: () => Promise<void>) => {
      const before = accounts;
      setAccounts(next);
      try {
        if (vault.kind === 'unlocked') await otpStorage.saveVault(JSON.stringify(await sealVault(next, vault.key)));
        else await plainWrite();
      } catch (error) {
        setAccounts(before);
        failed(error);
        throw error;
      }
    },
    [accounts, failed, vault],
  );

  const lock = useCallback(() => {
    setAccounts([]);
    setDialog(undefined);
    setEditing(undefined);
    setScan(undefined);
    setVault({ kind: 'locked' });
  }, []);

  // Auto-lock: any key or pointer press restarts the idle clock; hidden tabs keep counting.
  useEffect(() => {
    if (vault.kind !== 'unlocked') return undefined;
    let timer = setTimeout(lock, AUTO_LOCK_MS);
    const restart = () => {
      clearTimeout(timer);
      timer = setTimeout(lock, AUTO_LOCK_MS);
    };
    window.addEventListener('pointerdown', restart, true);
    window.addEventListener('keydown', restart, true);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pointerdown', restart, true);
      window.removeEventListener('keydown', restart, true);
    };
  }, [vault, lock]);

  const vaultMessage = (error: unknown) =>
    error instanceof VaultError
      ? t(`vault.${error.kind}`)
      : error instanceof Error && error.name === 'WrongPasswordError'
        ? t('vault.wrongPassword')
        : null;

  const onUnlock = async (password: string) => {
    try {
      const sealed = await otpStorage.vault();
      const { data, key } = await openVault(sealed ?? '', password);
      const opened = accountsFromVault(data);
      if (!opened) throw new VaultError('notVault');
      setAccounts(opened);
      setVault({ kind: 'unlocked', key });
    } catch (error) {
      throw new Error(vaultMessage(error) ?? t('errors.storage', { reason: String(error) }), { cause: error });
    }
  };

  /** Sets or changes the password: a new key and salt, the whole list sealed, plain records removed. */
  const onSetPassword = async (password: string) => {
    try {
      const key = await createVaultKey(password);
      await otpStorage.saveVault(JSON.stringify(await sealVault(accounts, key)));
      setVault({ kind: 'unlocked', key });
    } catch (error) {
      throw new Error(t('errors.storage', { reason: error instanceof Error ? error.message : String(error) }), { cause: error });
    }
  };

  const onRemovePassword = async () => {
    try {
      await otpStorage.savePlain(accounts);
      setVault({ kind: 'plain' });
    } catch (error) {
      failed(error);
    }
  };

  const onAdd = async (incoming: OtpAccount[], inGroup: string, batches: ParsedLinks['batches']) => {
    const result = mergeAccounts(accounts, incoming, () => randomHexId(), Date.now(), inGroup);
    const added = result.accounts.slice(accounts.length);
    if (added.length > 0) await save(result.accounts, () => otpStorage.putAccounts(added)).catch(() => undefined);
    const parts = [
      ...batches.map((batch) => t('add.batch', batch)),
      result.added > 0 ? t('add.added', { count: result.added }) : '',
      result.skipped > 0 ? t('add.skipped', { count: result.skipped }) : '',
    ];
    setLastImport(parts.filter(Boolean).join(' · '));
  };

  /** The edit drawer's save: a new account goes through the add path (result line), an edit replaces the record. */
  const onSaveEdit = async ({ account, group: inGroup, icon }: SavedDraft) => {
    if (editing === 'new' || !editing) {
      const result = addAccounts(accounts, [account], () => randomHexId(), Date.now(), inGroup);
      const next = result.accounts.map((entry, index) => (icon && index >= accounts.length ? { ...entry, icon } : entry));
      const added = next.slice(accounts.length);
      await save(next, () => otpStorage.putAccounts(added));
      setLastImport(t('add.added', { count: added.length }));
      return;
    }
    const { icon: _old, ...rest } = editing;
    const updated: StoredOtpAccount = { ...rest, ...account, group: inGroup, ...(icon ? { icon } : {}) };
    await save(
      accounts.map((each) => (each.id === updated.id ? updated : each)),
      () => otpStorage.putAccounts([updated]),
    );
  };

  // A picture pasted while no drawer is open (a screenshot of an export QR) opens the scan drawer
  // with it; while the drawer is open its own drop zone takes pastes.
  const pasteOpensScan = vault.kind !== 'locked' && !scan && !editing;
  useEffect(() => {
    if (!pasteOpensScan) return undefined;
    const onPaste = (event: ClipboardEvent) => {
      const files = pastedImages(event);
      if (files.length === 0) return;
      event.preventDefault();
      setScan({ files });
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [pasteOpensScan]);

  const onMove = (id: string, toIndex: number) => {
    const next = moveAccount(accounts, id, toIndex);
    if (next !== accounts) void save(next, () => otpStorage.putAccounts(next)).catch(() => undefined);
  };

  const onNextCounter = (entry: StoredOtpAccount) => {
    const updated = { ...entry, counter: entry.counter + 1 };
    void save(
      accounts.map((each) => (each.id === entry.id ? updated : each)),
      () => otpStorage.putAccounts([updated]),
    ).catch(() => undefined);
  };

  const onDelete = (id: string) => {
    void save(
      accounts.filter((each) => each.id !== id),
      () => otpStorage.deleteAccount(id),
    ).catch(() => undefined);
  };

  const onCopy = (code: string) => {
    copyText(code).then(
      () => toast.success(tc('copySuccess')),
      () => toast.error(tc('copyFailed')),
    );
  };

  const groups = useMemo(() => groupsOf(accounts), [accounts]);
  const shown = useMemo(() => filterAccounts(accounts, query, group), [accounts, query, group]);
  const movable = !query.trim() && !group;

  const onShowQr = (entry: StoredOtpAccount) =>
    setDialog({ title: t('dialog.oneTitle', { name: displayName(entry) }), links: [formatOtpauthUri(entry)] });

  const onExportMigration = (targets: StoredOtpAccount[]) => {
    const blocked = targets.filter((entry) => migrationBlocker(entry));
    setDialog({
      title: t('dialog.migrationTitle'),
      links: planMigrationBatches(targets, randomBatchId()),
      note: blocked.length > 0 ? t('dialog.periodNote', { names: blocked.map(displayName).join('、') }) : undefined,
    });
  };

  return (
    <div className="otp-page">
      {load.state === 'failed' ? <Alert type="error" showIcon message={t('errors.storage', { reason: load.reason })} /> : null}
      {vault.kind === 'locked' ? <UnlockPanel onUnlock={onUnlock} /> : null}
      {vault.kind === 'plain' && load.state === 'ready' ? (
        <Alert type="warning" showIcon message={t('plainWarning')} data-testid="otp-plain-warning" />
      ) : null}
      {vault.kind === 'unlocked' ? <Alert type="success" showIcon message={t('vault.encrypted')} data-testid="otp-encrypted" /> : null}
      {vault.kind === 'locked' ? null : (
        <>
          <VaultPanel
            unlocked={vault.kind === 'unlocked'}
            onSetPassword={onSetPassword}
            onLock={lock}
            onRemovePassword={onRemovePassword}
          />
          <AddPanel
            onAdd={onAdd}
            onScan={() => setScan({})}
            onManual={() => setEditing('new')}
            onPreload={() => {
              void ScanDrawer.preload();
              void EditDrawer.preload();
            }}
          />
          {lastImport ? (
            <Alert
              type="success"
              showIcon
              closable
              onClose={() => setLastImport('')}
              message={lastImport}
              data-testid="otp-import-result"
            />
          ) : null}
          <div className="otp-toolbar">
            <Input
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('search')}
              aria-label={t('search')}
              prefix={<Icon icon={SearchOutlined} />}
              allowClear
              type="search"
              data-testid="otp-search"
            />
            {groups.length > 0 ? (
              <Select<string>
                aria-label={t('groupFilter')}
                value={group}
                onChange={setGroup}
                options={[{ value: '', label: t('allGroups') }, ...groups.map((value) => ({ value, label: value }))]}
              />
            ) : null}
          </div>
          {load.state === 'ready' ? (
            <BackupPanel
              accounts={accounts}
              shown={shown}
              groups={groups}
              selected={selected}
              onSelect={setSelected}
              onExportMigration={onExportMigration}
              onAdd={onAdd}
            />
          ) : null}
          {load.state === 'loading' ? (
            <Text type="secondary">{t('loading')}</Text>
          ) : shown.length === 0 ? (
            <Empty description={accounts.length === 0 ? t('empty') : t('noMatch')} />
          ) : (
            <ul className="otp-list" data-testid="otp-list">
              {shown.map((entry, index) => (
                <AccountRow
                  key={entry.id}
                  entry={entry}
                  leading={<RowTick entry={entry} selected={selected} onSelect={setSelected} />}
                  now={now}
                  index={index}
                  count={shown.length}
                  movable={movable}
                  onCopy={onCopy}
                  onNextCounter={onNextCounter}
                  onMove={onMove}
                  onDelete={onDelete}
                  onShowQr={onShowQr}
                  onEdit={setEditing}
                />
              ))}
            </ul>
          )}
        </>
      )}
      {editing ? (
        <Suspense fallback={null}>
          <EditDrawer
            entry={editing === 'new' ? undefined : editing}
            accounts={accounts}
            onClose={() => setEditing(undefined)}
            onSave={onSaveEdit}
          />
        </Suspense>
      ) : null}
      {scan ? (
        <Suspense fallback={null}>
          <ScanDrawer files={scan.files} onClose={() => setScan(undefined)} onAdd={onAdd} />
        </Suspense>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <QrDialog request={dialog} onClose={() => setDialog(undefined)} />
        </Suspense>
      ) : null}
    </div>
  );
}
