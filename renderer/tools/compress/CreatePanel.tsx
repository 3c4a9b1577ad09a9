import { DeleteOutlined } from '@ant-design/icons';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Checkbox } from '@/components/Checkbox';
import { FileDropZone } from '@/components/FileDropZone';
import { walkDropped } from '@/components/drop-entries';
import { DownloadButton } from '@/components/DownloadButton';
import { Input, Password } from '@/components/Input';
import { Progress } from '@/components/Progress';
import { Segmented } from '@/components/Segmented';
import { Slider } from '@/components/Slider';
import { Text } from '@/components/Text';
import { fileTimestamp, formatFileSize } from '@/lib/format';
import { platform } from '@/platform';
import type { ArchiveFolder, ArchiveResult, ArchiveSource } from '@/platform';
import { ARCHIVE_EXTENSIONS, ARCHIVE_PASSWORD_FORMATS, ARCHIVE_PASSWORD_MAX, archiveErrorCode } from '@shared/contracts/archive';
import type { ArchiveCreateFormat } from '@shared/contracts/archive';
import { archiveErrorMessage } from './errors';
import { foldersFromDrop, mergeSources, sourcesFromDrop, sourcesFromFiles, suggestArchiveName } from './sources';

const LISTED = 200;

/** Files and folders in, one archive out. */
export function CreatePanel() {
  const { t } = useTranslation('compress');
  const archive = platform.archive;
  const [sources, setSources] = useState<ArchiveSource[]>([]);
  // Empty folders of dropped folders: no file stands for them, the archive keeps them all the same.
  const [folders, setFolders] = useState<ArchiveFolder[]>([]);
  const [format, setFormat] = useState<ArchiveCreateFormat>('zip');
  const [level, setLevel] = useState(6);
  const [password, setPassword] = useState('');
  const [encryptNames, setEncryptNames] = useState(true);
  const [name, setName] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ output: ArchiveResult; original: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Removing a file from a dropped folder means the folder on disk is no longer the selection.
  const [partial, setPartial] = useState(false);
  const abort = useRef<AbortController | null>(null);

  const total = useMemo(() => sources.reduce((sum, source) => sum + source.file.size, 0), [sources]);
  const fallbackName = useMemo(() => `${t('create.defaultName')}-${fileTimestamp(new Date())}`, [t]);
  const baseName = name.trim() || suggestArchiveName(sources, fallbackName, folders);
  const busy = progress !== null;
  const passwordAllowed = ARCHIVE_PASSWORD_FORMATS.includes(format);

  const add = (added: ArchiveSource[], addedFolders: ArchiveFolder[] = []) => {
    if (added.length === 0 && addedFolders.length === 0) return;
    setSources((current) => mergeSources(current, added));
    setFolders((current) => mergeSources(current, addedFolders));
    setResult(null);
    setError(null);
  };

  const start = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    setError(null);
    setResult(null);
    try {
      const output = await archive.create(
        sources,
        {
          format,
          level,
          password: passwordAllowed && password ? password : undefined,
          encryptNames: format === '7z' && !!password && encryptNames,
        },
        {
          baseName,
          partialFolders: partial,
          folders,
          onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
          signal: controller.signal,
        },
      );
      setResult({ output, original: total });
    } catch (reason) {
      if (archiveErrorCode(reason) !== 'cancelled') {
        const tooLarge7z = format === '7z' && archiveErrorCode(reason) === 'tooLarge' && archive.engine === 'browser';
        setError(tooLarge7z ? t('create.tooLarge7z') : t('create.failed', { message: archiveErrorMessage(t, reason, archive.limits) }));
      }
    } finally {
      setProgress(null);
      abort.current = null;
    }
  };

  const resultSize = result
    ? result.output.kind === 'blob'
      ? result.output.blob.size
      : result.output.kind === 'saved'
        ? result.output.bytes
        : 0
    : 0;

  return (
    <div className="cz-panel">
      <FileDropZone
        onFiles={(files) => add(sourcesFromFiles(files))}
        onEntries={(roots) =>
          void walkDropped(roots).then(
            (dropped) => add(sourcesFromDrop(dropped), foldersFromDrop(dropped)),
            (reason: unknown) => setError(String(reason)),
          )
        }
        acceptPaste={false}
        disabled={busy}
        compact={sources.length > 0}
        title={t('create.dropTitle')}
        hint={t('create.dropHint')}
        inputTestId="create-files-input"
        folderInputTestId="create-folder-input"
        data-testid="create-zone"
      />

      {sources.length > 0 || folders.length > 0 ? (
        <section className="cz-sources">
          <div className="cz-bar">
            <Text strong data-testid="create-summary">
              {t('create.summary', { count: sources.length, size: formatFileSize(total) })}
            </Text>
            <Button
              size="small"
              icon={<DeleteOutlined />}
              onClick={() => {
                setSources([]);
                setFolders([]);
                setPartial(false);
              }}
              disabled={busy}
              data-testid="create-clear"
            >
              {t('create.clear')}
            </Button>
          </div>
          <ul className="cz-source-list">
            {sources.slice(0, LISTED).map((source) => (
              <li key={source.path}>
                <span className="cz-path" title={source.path}>
                  {source.path}
                </span>
                <Text type="secondary" className="cz-size">
                  {formatFileSize(source.file.size)}
                </Text>
                <Button
                  size="small"
                  type="text"
                  aria-label={t('create.remove')}
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  onClick={() => {
                    setSources((current) => current.filter((item) => item !== source));
                    if (source.path.includes('/')) setPartial(true);
                  }}
                />
              </li>
            ))}
            {folders.slice(0, Math.max(0, LISTED - sources.length)).map((folder) => (
              <li key={`${folder.path}/`} data-testid="create-empty-folder">
                <span className="cz-path" title={`${folder.path}/`}>
                  {folder.path}/
                </span>
                <Text type="secondary" className="cz-size">
                  {t('create.emptyFolder')}
                </Text>
                <Button
                  size="small"
                  type="text"
                  aria-label={t('create.remove')}
                  icon={<DeleteOutlined />}
                  disabled={busy}
                  onClick={() => {
                    setFolders((current) => current.filter((item) => item !== folder));
                    setPartial(true);
                  }}
                />
              </li>
            ))}
          </ul>
          {sources.length > LISTED ? <Text type="secondary">{t('create.more', { count: sources.length - LISTED })}</Text> : null}
        </section>
      ) : null}

      <section className="cz-options">
        <label className="cz-option">
          <Text type="secondary">{t('create.format')}</Text>
          <Segmented<ArchiveCreateFormat>
            value={format}
            onChange={setFormat}
            options={archive.createFormats.map((value) => ({ value, label: value }))}
            aria-label={t('create.format')}
            data-testid="create-format"
          />
        </label>
        {format !== 'tar' ? (
          <div className="cz-option cz-option--level">
            <Text type="secondary">{t('create.level', { level })}</Text>
            <Slider
              min={0}
              max={9}
              value={level}
              onChange={setLevel}
              aria-label={t('create.levelName')}
              className="cz-level"
              data-testid="create-level"
            />
            {/* antd's slider marks: a dot and a label at each end of the rail. */}
            <div className="cz-level-marks" aria-hidden>
              <span className="cz-level-mark cz-level-mark--active">{t('create.levelStore')}</span>
              <span className={level === 9 ? 'cz-level-mark cz-level-mark--active' : 'cz-level-mark'}>{t('create.levelBest')}</span>
            </div>
          </div>
        ) : null}
        {passwordAllowed ? (
          <div className="cz-option cz-option--password">
            <Text type="secondary">{t('create.password')}</Text>
            <Password
              value={password}
              maxLength={ARCHIVE_PASSWORD_MAX}
              onChange={(event) => setPassword(event.target.value)}
              placeholder={t('create.passwordPlaceholder')}
              autoComplete="new-password"
              data-testid="create-password"
            />
            {format === '7z' && password ? (
              <Checkbox checked={encryptNames} onChange={setEncryptNames} data-testid="create-encrypt-names">
                {t('create.encryptNames')}
              </Checkbox>
            ) : null}
            {format === 'zip' && password ? (
              <Text type="secondary" className="cz-note">
                {t('create.passwordNote')}
              </Text>
            ) : null}
          </div>
        ) : null}
        <label className="cz-option cz-option--name">
          <Text type="secondary">{t('create.name')}</Text>
          <Input
            value={name}
            placeholder={baseName}
            onChange={(event) => setName(event.target.value)}
            suffix={`.${ARCHIVE_EXTENSIONS[format]}`}
            data-testid="create-name"
          />
        </label>
      </section>

      <div className="cz-actions">
        {busy ? (
          <>
            {/* 7z in the browser reports nothing until it is done: say it is working rather than show a stuck 0%. */}
            <Progress
              percent={progress}
              format={(percent) => (percent ? `${percent}%` : t('create.working'))}
              status="active"
              className="cz-progress"
              data-testid="create-progress"
            />
            <Button onClick={() => abort.current?.abort()} data-testid="create-cancel">
              {t('create.cancel')}
            </Button>
          </>
        ) : (
          <Button
            type="primary"
            size="large"
            disabled={sources.length === 0 && folders.length === 0}
            onClick={() => void start()}
            data-testid="create-start"
          >
            {t('create.start')}
          </Button>
        )}
      </div>

      {error ? <Alert type="error" showIcon title={error} data-testid="create-error" /> : null}
      {result ? (
        <Alert
          type="success"
          showIcon
          data-testid="create-result"
          title={
            result.output.kind === 'saved'
              ? t('create.saved', { path: result.output.savedPath, size: formatFileSize(resultSize) })
              : t('create.done', {
                  name: result.output.kind === 'blob' ? result.output.fileName : '',
                  size: formatFileSize(resultSize),
                  original: formatFileSize(result.original),
                  ratio: result.original > 0 ? Math.round((resultSize / result.original) * 100) : 100,
                })
          }
          action={
            result.output.kind === 'blob' ? (
              <DownloadButton
                type="primary"
                getFile={() => (result.output as { blob: Blob }).blob}
                fileName={result.output.fileName}
                label={t('create.download')}
                data-testid="create-download"
              />
            ) : null
          }
        />
      ) : null}
    </div>
  );
}
