import FolderOpenOutlined from '@ant-design/icons-svg/es/asn/FolderOpenOutlined';
import InboxOutlined from '@ant-design/icons-svg/es/asn/InboxOutlined';
import { useEffect, useRef, useState } from 'react';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNameList } from '@/lib/format';
import { toast } from '@/lib/notify';
import { collectDroppedFiles, dropRoots } from './drop-entries';
import { filterAccepted } from './file-accept';
import { Button } from './Button';
import { FolderInput } from './FolderInput';
import { Icon } from '@/layouts/plain/icon';
import { Text } from '@/components/Text';
import './components.css';

export interface FileDropZoneProps {
  /** Called with the accepted files of each pick, drop or paste (never with an empty list). */
  onFiles: (files: File[]) => void;
  /** Spec §5 filter: comma list of extensions, MIME types or wildcard types; also applied to drops and pastes. */
  accept?: string;
  /** One file or many (default many; a dropped folder counts as its files). */
  multiple?: boolean;
  /** Take files pasted anywhere on the page (Ctrl/⌘+V). Give it to one zone per page. Default true. */
  acceptPaste?: boolean;
  disabled?: boolean;
  /** Replaces the default title line. */
  title?: ReactNode;
  /** Replaces the default hint line under the title; a tool's own hint names the formats in words, so the raw accept list is then left out. */
  hint?: ReactNode;
  /** A lower zone for secondary inputs. */
  compact?: boolean;
  /** Test id of the file input; the agreed default is `file-input`. The folder input's is this plus `-folder`. */
  inputTestId?: string;
  /**
   * Offer a "choose a folder" button besides dropping one (default: when `multiple`): on a phone or
   * tablet, where nothing can be dropped, it is the only way to add a whole folder.
   */
  folders?: boolean;
  /** Test id of the folder input (default: `inputTestId` plus `-folder`). */
  folderInputTestId?: string;
  /**
   * Folder-entries mode: a drop hands over its entries instead of flat files, so that folders are
   * kept, empty ones included (read them with `walkDropped` from drop-entries.ts, now or later).
   * Picks still arrive through `onFiles`. No accept filter applies to entries.
   */
  onEntries?: (roots: FileSystemEntry[]) => void;
  /** Replaces what a click (or Enter) does, which is to open the file picker (the folder tree picks a folder instead). */
  onPick?: () => void;
  /** Replaces the inbox icon (a spinner while reading, say). */
  icon?: ReactNode;
  /** More controls under the hint. */
  children?: ReactNode;
  className?: string;
  busy?: boolean;
  'data-testid'?: string;
}

/** Click-to-pick, drag-and-drop (files and folders) and paste, with the spec's accept filter. */
export function FileDropZone({
  onFiles,
  accept,
  multiple = true,
  acceptPaste = true,
  disabled = false,
  title,
  hint,
  compact = false,
  inputTestId = 'file-input',
  folders = multiple,
  folderInputTestId = `${inputTestId}-folder`,
  onEntries,
  onPick,
  icon,
  children,
  className: extraClass,
  busy,
  'data-testid': testId,
}: FileDropZoneProps) {
  const { t, i18n } = useTranslation('components');
  const input = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const depth = useRef(0);
  const deliver = (files: File[]) => {
    const { accepted, rejected } = filterAccepted(files, accept);
    if (rejected.length > 0) {
      const names = formatNameList(
        rejected.map((file) => file.name),
        i18n.language,
        3,
      );
      toast.warning(t('rejected', { count: rejected.length, names }));
    }
    const chosen = multiple ? accepted : accepted.slice(0, 1);
    if (chosen.length > 0) onFiles(chosen);
  };
  // The document-level paste listener is registered once; it reaches the latest props through this ref.
  const latest = useRef({ deliver, disabled });
  useEffect(() => {
    latest.current = { deliver, disabled };
  });

  useEffect(() => {
    if (!acceptPaste) return undefined;
    const onPaste = (event: ClipboardEvent) => {
      const files = Array.from(event.clipboardData?.files ?? []);
      // Only a paste that carries files is ours; text pasted into fields goes on as usual.
      if (latest.current.disabled || files.length === 0) return;
      event.preventDefault();
      latest.current.deliver(files);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [acceptPaste]);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    depth.current = 0;
    setDragging(false);
    if (disabled) return;
    if (onEntries) {
      // Taken now: the browser empties the drop's item list once this handler returns.
      const roots = dropRoots(event.dataTransfer);
      if (roots.length > 0) onEntries(roots);
      else deliver(Array.from(event.dataTransfer.files));
      return;
    }
    collectDroppedFiles(event.dataTransfer).then(deliver, (error: unknown) =>
      toast.error(t('folderReadFailed', { message: error instanceof Error ? error.message : String(error) })),
    );
  };
  const open = () => {
    if (disabled) return;
    if (onPick) onPick();
    else input.current?.click();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      open();
    }
  };

  const className = [
    'bb-dropzone',
    extraClass,
    dragging && 'bb-dropzone--active',
    disabled && 'bb-dropzone--disabled',
    compact && 'bb-dropzone--compact',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      className={className}
      role="button"
      tabIndex={disabled ? -1 : 0}
      aria-disabled={disabled}
      aria-busy={busy}
      data-testid={testId}
      onClick={open}
      onKeyDown={onKeyDown}
      onDragEnter={(event) => {
        event.preventDefault();
        depth.current += 1;
        setDragging(true);
      }}
      onDragOver={(event) => event.preventDefault()}
      onDragLeave={() => {
        depth.current -= 1;
        if (depth.current <= 0) setDragging(false);
      }}
      onDrop={onDrop}
    >
      {onPick ? null : (
        <input
          ref={input}
          type="file"
          multiple={multiple}
          accept={accept}
          data-testid={inputTestId}
          hidden
          onClick={(event) => event.stopPropagation()}
          onChange={(event) => {
            deliver(Array.from(event.target.files ?? []));
            // Reset so picking the same file again fires another change.
            event.target.value = '';
          }}
        />
      )}
      {icon ?? <Icon icon={InboxOutlined} className="bb-dropzone__icon" />}
      <Text strong className="bb-dropzone__title">
        {title ?? t(multiple ? 'dropTitle' : 'dropTitleSingle')}
      </Text>
      <Text type="secondary" className="bb-dropzone__hint">
        {hint ?? t(multiple ? 'dropHint' : 'dropHintSingle')}
        {accept && !hint ? ` · ${t('acceptHint', { accept })}` : null}
      </Text>
      {folders ? (
        <>
          <FolderInput inputRef={folderInput} onFiles={deliver} data-testid={folderInputTestId} />
          <Button
            type="link"
            size="small"
            icon={<Icon icon={FolderOpenOutlined} />}
            disabled={disabled}
            className="bb-dropzone__folder"
            onClick={(event) => {
              event.stopPropagation();
              folderInput.current?.click();
            }}
            onKeyDown={(event) => event.stopPropagation()}
            data-testid={`${inputTestId}-pick-folder`}
          >
            {t('pickFolder')}
          </Button>
        </>
      ) : null}
      {children}
    </div>
  );
}
