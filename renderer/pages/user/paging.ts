import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE } from '@shared/contracts/api';
import type { Page, PageQuery } from '@shared/contracts/api';
import { usePageState } from '@/stores/page';

export type PageLoader<T> = (pageNum: number, pageSize: number) => Promise<Page<T>>;

/**
 * A server-paged table list, spec §9: page 1 of 10 rows, quick jumper and size changer, '暂无数据'
 * when empty. `load` must be stable (useCallback); when it changes (a new search), call `first()`
 * in the same handler so the new list starts on page 1 with one request.
 */
export function usePagedList<T>(load: PageLoader<T>) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const isMobile = usePageState((state) => state.isMobileSize);
  const [query, setQuery] = useState<PageQuery>(DEFAULT_PAGE);
  const [version, setVersion] = useState(0);
  const request = useMemo(() => ({ load, query, version }), [load, query, version]);
  // The last answered request; the list is loading until it is the current one.
  const [settled, setSettled] = useState<{ request: typeof request; page: Page<T> | undefined }>();
  const page = settled?.page;
  const loading = settled?.request !== request;

  useEffect(() => {
    let live = true;
    request.load(request.query.pageNum, request.query.pageSize).then(
      (result) => {
        if (live) setSettled({ request, page: result });
      },
      // The API client already told the visitor; the table keeps the rows it had.
      () => {
        if (live) setSettled((previous) => ({ request, page: previous?.page }));
      },
    );
    return () => {
      live = false;
    };
  }, [request]);

  const first = useCallback(() => setQuery((current) => ({ ...current, pageNum: 1 })), []);
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  const tableProps = {
    dataSource: page?.list ?? [],
    loading,
    locale: { emptyText: tc('messages.tableEmpty') },
    pagination: {
      current: query.pageNum,
      pageSize: query.pageSize,
      total: page?.total ?? 0,
      showQuickJumper: true,
      showSizeChanger: true,
      showTotal: (total: number) => t('list.total', { count: total }),
      size: isMobile ? 'small' : undefined,
      onChange: (pageNum: number, pageSize: number) => setQuery({ pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize }),
    },
  } satisfies TableProps<T>;

  return { tableProps, first, reload, rows: tableProps.dataSource };
}
