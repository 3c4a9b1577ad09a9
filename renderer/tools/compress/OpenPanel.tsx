import { FileAddOutlined, FileZipOutlined, FolderOpenOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Progress, Spin, Tag } from 'antd';
import Input from 'antd/es/input/Input';
import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/DownloadButton';
import { FileDropZone } from '@/components/FileDropZone';
import { downloadBlob } from '@/components/download';
import { Text } from '@/components/Text';
import { pickDirectory } from '@/lib/file-system-access';
import { formatFileSize, formatNameList } from '@/lib/format';
import { platform } from '@/platform';
import type { ArchiveResult, ExtractTarget, OpenedArchive } from '@/platform';
import { archiveErrorCode } from '@shared/contracts/archive';
import { buildTree, filesUnder, filterTree, pickFirstVolume } from './compress.service';
import type { TreeNode } from './compress.service';
import { EntryTree } from './EntryTree';
import { archiveErrorDetail, archiveErrorMessage, notArchiveMessage } from './errors';
import { PasswordModal } from './PasswordModal';
import type { PasswordRequest } from './PasswordModal';
import { PreviewModal } from './PreviewModal';

const stemOf = (name: string) => name.replace(/\.(tar\.(gz|bz2|xz)|[^.]+)$/i, '') || name;

function folderKeys(node: TreeNode, depth: number, out: string[] = []): string[] {
  for (const child of node.children) {
    if (!child.directory) continue;
    out.push(child.key);
    if (depth > 1) folderKeys(child, depth - 1, out);
  }
  return out;
}

/** Open an archive: tree, filter, preview, and extraction of everything or a selection. */
export function OpenPanel() {
  const { t, i18n } = useTranslation('compress');
  const archive = platform.archive;
  const [file, setFile] = useState<File | null>(null);
  // The other volumes of a multi-volume archive, and the first one still missing when they are asked for.
  const [volumes, setVolumes] = useState<File[]>([]);
  const [missingVolume, setMissingVolume] = useState<string | null>(null);
  const volumesInput = useRef<HTMLInputElement>(null);
  const [opened, setOpened] = useState<OpenedArchive | null>(null);
  const [opening, setOpening] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [password, setPassword] = useState<string | undefined>(undefined);
  const [request, setRequest] = useState<PasswordRequest | null>(null);
  const [query, setQuery] = useState('');
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [preview, setPreview] = useState<TreeNode | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ArchiveResult | null>(null);
  const abort = useRef<AbortController | null>(null);
  // Opening can take long (a big tar.gz is unpacked first, a bomb until its size gives it away): it can be cancelled.
  const openJob = useRef<AbortController | null>(null);

  const root = useMemo(() => (opened ? buildTree(opened.listing.entries) : null), [opened]);
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(() => (root ? filterTree(root, deferredQuery) : null), [root, deferredQuery]);
  const selectedFiles = useMemo(() => (root ? filesUnder(root, new Set(checked)) : []), [root, checked]);
  const selectedSize = useMemo(() => {
    const sizes = new Map(opened?.listing.entries.map((entry) => [entry.path, entry.size]));
    return selectedFiles.reduce((sum, path) => sum + (sizes.get(path) ?? 0), 0);
  }, [opened, selectedFiles]);

  const askPassword = (archiveName: string, verify: PasswordRequest['verify']) =>
    new Promise<string | null>((resolve) =>
      setRequest({
        archiveName,
        verify,
        onDone: (entered) => {
          setRequest(null);
          resolve(entered);
        },
      }),
    );

  const openFile = async (next: File, nextVolumes: File[] = []) => {
    opened?.close();
    const controller = new AbortController();
    openJob.current = controller;
    const { signal } = controller;
    setFile(next);
    setVolumes(nextVolumes);
    setMissingVolume(null);
    setOpened(null);
    setError(null);
    setOutcome(null);
    setPassword(undefined);
    setQuery('');
    setChecked([]);
    setOpening(true);
    try {
      let result: OpenedArchive;
      let known: string | undefined;
      try {
        result = await archive.open(next, { signal, volumes: nextVolumes });
      } catch (reason) {
        if (archiveErrorCode(reason) !== 'passwordRequired') throw reason;
        // 7z with encrypted names: nothing can be listed without the password.
        let withPassword: OpenedArchive | null = null;
        const entered = await askPassword(next.name, async (candidate) => {
          withPassword = await archive.open(next, { password: candidate, signal, volumes: nextVolumes });
        });
        if (entered === null || !withPassword) throw reason;
        result = withPassword;
        known = entered;
      }
      if (result.listing.encrypted && known === undefined) {
        const entered = await askPassword(next.name, (candidate) => result.checkPassword(candidate));
        known = entered ?? undefined;
      }
      setOpened(result);
      setPassword(known);
      setExpanded(folderKeys(buildTree(result.listing.entries), 1));
    } catch (reason) {
      const code = archiveErrorCode(reason);
      if (code === 'cancelled') setFile(null);
      else if (code === 'missingVolume') {
        const volume = archiveErrorDetail(reason) || '?';
        setMissingVolume(volume);
        setError(t('open.volumesNeeded', { name: next.name, volume }));
      } else if (code === 'unsupported') setError(await notArchiveMessage(t, next));
      else setError(archiveErrorMessage(t, reason, archive.limits));
    } finally {
      setOpening(false);
      openJob.current = null;
    }
  };
  /** Several files at once are the volumes of one archive (the zone takes several for that alone). */
  const openFiles = (files: File[]) => {
    const picked = pickFirstVolume(files);
    if (picked) void openFile(picked.first, picked.volumes);
  };

  const extract = async (paths: string[] | undefined, kind: ExtractTarget['kind']) => {
    if (!opened || !file) return;
    let known = password;
    if (opened.listing.encrypted && known === undefined) {
      const entered = await askPassword(file.name, (candidate) => opened.checkPassword(candidate));
      if (entered === null) return;
      known = entered;
      setPassword(entered);
    }
    let target: ExtractTarget;
    if (kind === 'directory') {
      // Closed, or refused by the browser: nothing to extract into, as before the click.
      const handle = await pickDirectory({ mode: 'readwrite', id: 'compress-extract' }).catch(() => null);
      if (!handle) return;
      target = { kind: 'directory', handle };
    } else target = kind === 'zip' ? { kind: 'zip', fileName: `${stemOf(file.name)}-extracted.zip` } : { kind: 'nativeFolder' };
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setError(null);
    setOutcome(null);
    try {
      const result = await opened.extract(paths, target, {
        password: known,
        signal: controller.signal,
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      if (result.kind === 'blob') downloadBlob(result.blob, result.fileName);
      setOutcome(result);
    } catch (reason) {
      if (archiveErrorCode(reason) !== 'cancelled') setError(archiveErrorMessage(t, reason, archive.limits));
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const targets = opened?.targets ?? [];

  /** One file: on the website it downloads as itself (no zip around it); on the desktop main asks for a folder. */
  const extractOne = async (node: TreeNode) => {
    if (!opened || !file) return;
    if (!targets.includes('zip')) {
      await extract([node.key], 'nativeFolder');
      return;
    }
    let known = password;
    if (node.encrypted && known === undefined) {
      const entered = await askPassword(file.name, (candidate) => opened.checkPassword(candidate));
      if (entered === null) return;
      known = entered;
      setPassword(entered);
    }
    setError(null);
    try {
      // A size the archive does not record (a bare .bz2) must not cut the file to nothing.
      const bytes = await opened.readEntry(node.key, {
        password: known,
        maxBytes: node.sizeUnknown ? archive.limits.maxTotalBytes : Math.max(1, node.size),
      });
      downloadBlob(new Blob([bytes as BlobPart]), node.name);
    } catch (reason) {
      setError(archiveErrorMessage(t, reason, archive.limits));
    }
  };

  const stats = useMemo(() => {
    if (!opened || !root) return null;
    const folders = new Set<string>();
    for (const entry of opened.listing.entries) {
      const parts = entry.path.split('/');
      for (let depth = 1; depth < parts.length; depth++) folders.add(parts.slice(0, depth).join('/'));
      if (entry.directory) folders.add(entry.path);
    }
    return { files: root.files, folders: folders.size, size: root.sizeUnknown ? '—' : formatFileSize(root.size), packed: file?.size ?? 0 };
  }, [opened, root, file]);

  const busy = progress !== null;
  const some = selectedFiles.length > 0;

  return (
    <div className="cz-panel">
      {/* No accept filter: archives are recognised by content (an .apk or .docx is a zip), and what
          is not one gets a lasting message instead of a passing toast. */}
      <FileDropZone
        onFiles={openFiles}
        folders={false}
        acceptPaste={false}
        disabled={opening || busy}
        compact={!!opened}
        title={opened ? t('open.change') : t('open.dropTitle')}
        hint={t('open.dropHint')}
        inputTestId="open-input"
      />
      {opening ? (
        <div className="cz-opening" data-testid="open-opening">
          <Spin /> <Text>{t('open.opening')}</Text>
          <Button size="small" onClick={() => openJob.current?.abort()} data-testid="open-cancel">
            {t('create.cancel')}
          </Button>
        </div>
      ) : null}
      {error ? (
        <Alert
          type="error"
          showIcon
          title={error}
          data-testid="open-error"
          action={
            missingVolume && file ? (
              <Button icon={<FileAddOutlined />} onClick={() => volumesInput.current?.click()} data-testid="open-add-volumes">
                {t('open.addVolumes')}
              </Button>
            ) : null
          }
        />
      ) : null}
      <input
        ref={volumesInput}
        type="file"
        multiple
        hidden
        data-testid="open-volumes-input"
        onChange={(event) => {
          const added = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (file && added.length > 0) void openFile(file, [...volumes, ...added.filter((volume) => volume.name !== file.name)]);
        }}
      />

      {opened && stats && shown ? (
        <section className="cz-listing">
          <div className="cz-bar">
            <Text strong data-testid="open-summary" data-files={stats.files} data-entries={opened.listing.entries.length}>
              <FileZipOutlined />{' '}
              {t('open.summary', { format: opened.listing.format, files: stats.files, folders: stats.folders, size: stats.size })}
            </Text>
            <Text type="secondary">{t('open.packed', { size: formatFileSize(stats.packed) })}</Text>
            {opened.listing.encrypted ? <Tag color="gold">{t('open.encrypted')}</Tag> : null}
            <Tag data-testid="open-engine" data-engine={opened.engine}>
              {t(`engine.${opened.engine}`)}
            </Tag>
          </div>

          <div className="cz-bar">
            <Input
              allowClear
              prefix={<SearchOutlined />}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={t('open.search')}
              aria-label={t('open.search')}
              className="cz-search"
              data-testid="entry-search"
            />
            {some ? (
              <Text type="secondary" data-testid="open-selected">
                {t('open.selected', { count: selectedFiles.length, size: formatFileSize(selectedSize) })}
              </Text>
            ) : null}
          </div>

          <div className="cz-actions">
            {busy ? (
              <>
                <Progress
                  percent={progress}
                  format={(percent) => (percent ? `${percent}%` : t('open.extracting'))}
                  status="active"
                  className="cz-progress"
                  data-testid="extract-progress"
                />
                <Button onClick={() => abort.current?.abort()}>{t('create.cancel')}</Button>
              </>
            ) : (
              <>
                {targets.includes('zip') ? (
                  <>
                    <Button
                      type="primary"
                      disabled={stats.files === 0}
                      onClick={() => void extract(undefined, 'zip')}
                      data-testid="extract-all-zip"
                    >
                      {t('open.extractAllZip')}
                    </Button>
                    <Button disabled={!some} onClick={() => void extract(selectedFiles, 'zip')} data-testid="extract-selected-zip">
                      {t('open.extractSelectedZip')}
                    </Button>
                  </>
                ) : null}
                {targets.includes('directory') || targets.includes('nativeFolder') ? (
                  <Button
                    type={targets.includes('zip') ? 'default' : 'primary'}
                    icon={<FolderOpenOutlined />}
                    disabled={stats.files === 0}
                    onClick={() =>
                      void extract(some ? selectedFiles : undefined, targets.includes('nativeFolder') ? 'nativeFolder' : 'directory')
                    }
                    data-testid="extract-folder"
                  >
                    {some ? t('open.extractSelectedFolder') : t('open.extractFolder')}
                  </Button>
                ) : null}
              </>
            )}
          </div>

          {outcome ? (
            <Alert
              type="success"
              showIcon
              data-testid="extract-result"
              title={
                outcome.kind === 'blob'
                  ? t('open.extractedZip', { name: outcome.fileName })
                  : t('open.extracted', {
                      files: outcome.files ?? 0,
                      size: formatFileSize(outcome.bytes),
                      folder: outcome.kind === 'saved' ? outcome.savedPath : outcome.folderName,
                    })
              }
              action={
                outcome.kind === 'blob' ? (
                  <DownloadButton getFile={() => (outcome as { blob: Blob }).blob} fileName={outcome.fileName} label={t('open.download')} />
                ) : null
              }
            />
          ) : null}
          {outcome?.damaged?.length ? (
            <Alert
              type="warning"
              showIcon
              data-testid="extract-damaged"
              title={t('open.damaged', { count: outcome.damaged.length, names: formatNameList(outcome.damaged, i18n.language, 20) })}
            />
          ) : null}

          {stats.files === 0 && opened.listing.entries.length === 0 ? <Alert type="info" showIcon title={t('open.empty')} /> : null}
          {deferredQuery && shown.children.length === 0 ? (
            <Alert type="info" showIcon title={t('open.noMatch', { query: deferredQuery })} />
          ) : null}
          <EntryTree
            root={shown}
            checked={checked}
            onCheck={setChecked}
            expanded={deferredQuery ? folderKeys(shown, Infinity) : expanded}
            onExpand={setExpanded}
            onPreview={setPreview}
            onExtract={(node) => void extractOne(node)}
          />
          <PreviewModal archive={opened} node={preview} password={password} onClose={() => setPreview(null)} />
        </section>
      ) : null}
      <PasswordModal request={request} />
    </div>
  );
}
