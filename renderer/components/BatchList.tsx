import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import StopOutlined from '@ant-design/icons-svg/es/asn/StopOutlined';
import { memo, startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import type { JobStatus } from '@/lib/batch-jobs';
import { formatFileSize } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { Text } from '@/components/Text';
import { Icon } from '@/layouts/plain/icon';
import { Button } from './Button';
import { Tag } from './Tag';
import type { TagColor } from './Tag';
import './components.css';

/** The batch engine's job states (`renderer/lib/batch-jobs.ts`), one tag each. */
export type BatchStatus = JobStatus;

export interface BatchItem {
  readonly id: string;
  readonly name: string;
  readonly size?: number;
  readonly status: BatchStatus;
  /** 0…1 while running. */
  readonly progress: number;
  /** Translated error text when status is 'error'. */
  readonly error?: string;
}

export interface BatchListProps<T extends BatchItem> {
  items: readonly T[];
  /** Tool-specific result of an item, under its header. */
  renderBody?: (item: T) => ReactNode;
  /** Extra header content of an item (e.g. timing), before the status tag. */
  renderMeta?: (item: T) => ReactNode;
  /** Attributes for an item's root element, e.g. test ids. */
  itemProps?: (item: T) => Record<`data-${string}`, string>;
  onCancel?: (item: T) => void;
  onRemove?: (item: T) => void;
  onCancelAll?: () => void;
  onClear?: () => void;
  /** Batch actions shown in the toolbar (exports and the like). */
  actions?: ReactNode;
}

const STATUS_COLOR: Record<BatchStatus, TagColor> = {
  queued: 'default',
  running: 'processing',
  done: 'success',
  error: 'error',
  cancelled: 'warning',
};
const isActive = (status: BatchStatus) => status === 'queued' || status === 'running';

/**
 * A row's progress bar. Plain elements rather than antd's Progress (and a native title rather than
 * a Tooltip on the row buttons): a batch mounts dozens of rows at once, and those components'
 * hooks, observers and animations made that one long task (`BENCH_ONLY=frames npm run bench`).
 */
function BatchProgress({ percent, label }: { percent: number; label: string }) {
  return (
    <div className="bb-batch__progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="bb-batch__progress-track">
        <div className="bb-batch__progress-bar" style={{ width: `${percent}%` }} />
      </div>
      <span className="bb-batch__progress-text">{percent}%</span>
    </div>
  );
}

interface BatchRowProps<T extends BatchItem> {
  item: T;
  renderBody?: (item: T) => ReactNode;
  renderMeta?: (item: T) => ReactNode;
  itemProps?: (item: T) => Record<`data-${string}`, string>;
  onCancel?: (item: T) => void;
  onRemove?: (item: T) => void;
}

/**
 * One file's row. Memoised: a batch update replaces only the item that changed, so only its row
 * renders (the other rows' antd Tags, Tooltips and Progress bars cost main-thread time on every
 * progress tick otherwise). Callers keep it that way by passing stable render callbacks.
 */
const BatchRow = memo(function BatchRow<T extends BatchItem>({
  item,
  renderBody,
  renderMeta,
  itemProps,
  onCancel,
  onRemove,
}: BatchRowProps<T>) {
  const { t } = useTranslation('components');
  return (
    <div className="bb-batch__item" {...itemProps?.(item)}>
      <div className="bb-batch__head">
        <span className="bb-batch__name" title={item.name}>
          {item.name}
        </span>
        {item.size === undefined ? null : (
          <Text type="secondary" className="bb-batch__meta">
            {formatFileSize(item.size)}
          </Text>
        )}
        {renderMeta?.(item)}
        <Tag color={STATUS_COLOR[item.status]} className="bb-batch__meta" data-testid="batch-status" data-status={item.status}>
          {t(`batch.status.${item.status}`)}
        </Tag>
        {isActive(item.status) && onCancel ? (
          <Button
            size="small"
            type="text"
            className="bb-batch__action"
            icon={<Icon icon={StopOutlined} />}
            aria-label={t('batch.cancel')}
            title={t('batch.cancel')}
            onClick={() => onCancel(item)}
            data-testid="batch-cancel"
          />
        ) : null}
        {!isActive(item.status) && onRemove ? (
          <Button
            size="small"
            type="text"
            className="bb-batch__action"
            icon={<Icon icon={CloseOutlined} />}
            aria-label={t('batch.remove')}
            title={t('batch.remove')}
            onClick={() => onRemove(item)}
          />
        ) : null}
      </div>
      {isActive(item.status) ? <BatchProgress percent={Math.floor(item.progress * 100)} label={item.name} /> : null}
      {item.status === 'error' && item.error ? (
        <Text type="danger" data-testid="batch-error">
          {item.error}
        </Text>
      ) : null}
      {renderBody ? <div className="bb-batch__body">{renderBody(item)}</div> : null}
    </div>
  );
}) as <T extends BatchItem>(props: BatchRowProps<T>) => ReactNode;

/**
 * Rows mounted per frame. Mounting a row cost a few ms when its buttons and icons were antd's (whose
 * style check scanned the document's style sheets on every mount), then style and layout; dropping
 * 30 files at once mounted them in one 150 ms task. Rows beyond the first chunk appear a frame later each.
 */
const ROWS_PER_FRAME = 8;

/** A list of files being processed: per item a progress bar, status and cancel; batch cancel/clear on top. */
export function BatchList<T extends BatchItem>({
  items,
  renderBody,
  renderMeta,
  itemProps,
  onCancel,
  onRemove,
  onCancelAll,
  onClear,
  actions,
}: BatchListProps<T>) {
  const { t } = useTranslation('components');
  // Handlers reach the rows through stable wrappers, so a parent's inline arrows do not re-render every row.
  const handlers = useRef({ onCancel, onRemove });
  useEffect(() => {
    handlers.current = { onCancel, onRemove };
  });
  const cancel = useCallback((item: T) => handlers.current.onCancel?.(item), []);
  const remove = useCallback((item: T) => handlers.current.onRemove?.(item), []);
  const [mounted, setMounted] = useState(ROWS_PER_FRAME);
  useEffect(() => {
    if (mounted >= items.length) return undefined;
    const frame = requestAnimationFrame(() => startTransition(() => setMounted((count) => count + ROWS_PER_FRAME)));
    return () => cancelAnimationFrame(frame);
  }, [mounted, items.length]);
  if (items.length === 0) return null;
  const done = items.filter((item) => item.status === 'done').length;
  const anyActive = items.some((item) => isActive(item.status));
  return (
    <div className="bb-batch">
      <div className="bb-batch__toolbar">
        <Text type="secondary">{t('batch.summary', { total: items.length, done })}</Text>
        <div className="bb-batch__actions">
          {actions}
          {onCancelAll && anyActive ? (
            <Button size="small" icon={<Icon icon={StopOutlined} />} onClick={onCancelAll} data-testid="batch-cancel-all">
              {t('batch.cancelAll')}
            </Button>
          ) : null}
          {onClear ? (
            <Button size="small" icon={<Icon icon={DeleteOutlined} />} onClick={onClear} data-testid="batch-clear">
              {t('batch.clear')}
            </Button>
          ) : null}
        </div>
      </div>
      {items.slice(0, mounted).map((item) => (
        <BatchRow
          key={item.id}
          item={item}
          renderBody={renderBody}
          renderMeta={renderMeta}
          itemProps={itemProps}
          onCancel={onCancel ? cancel : undefined}
          onRemove={onRemove ? remove : undefined}
        />
      ))}
    </div>
  );
}
