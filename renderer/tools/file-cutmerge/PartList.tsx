import { useState } from 'react';
import type { ReactNode } from 'react';
import { Pagination } from '@/components/Pagination';

const PAGE_SIZE = 20;

interface PartListProps<T> {
  items: readonly T[];
  rowKey: (item: T) => string;
  /** A row's content; its `actions` sit at the row's end. */
  renderRow: (item: T) => { content: ReactNode; actions?: ReactNode; attributes?: Record<`data-${string}`, string | number> };
  header?: ReactNode;
  'data-testid'?: string;
  rowTestId?: string;
}

/**
 * antd's small bordered List as plain markup (file-cutmerge.css): rows of parts or downloads, 20 a
 * page with antd's page buttons beyond that. A list of thousands of parts renders one page.
 */
export function PartList<T>({ items, rowKey, renderRow, header, rowTestId, 'data-testid': testId }: PartListProps<T>) {
  const [page, setPage] = useState(1);
  // A shorter list (parts removed) keeps the last page that still exists, as antd's List does.
  const current = Math.min(page, Math.max(1, Math.ceil(items.length / PAGE_SIZE)));
  const shown = items.length > PAGE_SIZE ? items.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE) : items;
  return (
    <div className={items.length > PAGE_SIZE ? 'cm-list cm-list--paged' : 'cm-list'} data-testid={testId}>
      {header ? <div className="cm-list__header">{header}</div> : null}
      <ul className="cm-list__items">
        {shown.map((item) => {
          const { content, actions, attributes } = renderRow(item);
          return (
            <li key={rowKey(item)} className="cm-list__item" data-testid={rowTestId} {...attributes}>
              {content}
              {actions ? <div className="cm-list__actions">{actions}</div> : null}
            </li>
          );
        })}
      </ul>
      {items.length > PAGE_SIZE ? (
        <Pagination className="cm-list__pagination" current={current} total={items.length} pageSize={PAGE_SIZE} onChange={setPage} />
      ) : null}
    </div>
  );
}
