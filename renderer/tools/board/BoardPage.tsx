import { Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE } from '@shared/contracts/api';
import type { Page, PageQuery } from '@shared/contracts/api';
import { BOARD_API, BOARD_EDIT_WINDOW_MS, BOARD_LIVE_ROOM } from '@shared/contracts/board-base';
import type { BoardSort, BoardThread } from '@shared/contracts/board-base';
import { useSession } from '@/auth/session';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Empty } from '@/components/Empty';
import { Segmented } from '@/components/Segmented';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { lazyWithAntd } from '@/lib/lazy-with-antd';
import { toast } from '@/lib/notify';
import { account } from '@/platform';
import { BoardLogin } from './BoardLogin';
import { Composer } from './Composer';
import { PostItem } from './PostItem';
import './board.css';

const BoardPagination = lazyWithAntd(() => import('./BoardPagination'));

type Loaded = { page: Page<BoardThread> } | { failed: true };
type Render = (source: string) => string;

export default function BoardPage() {
  const { t } = useTranslation('board');
  const viewer = useSession((state) => (state.logged ? state.userId : undefined));
  const [sort, setSort] = useState<BoardSort>('newest');
  const [query, setQuery] = useState<PageQuery>(DEFAULT_PAGE);
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState<Loaded>();
  const [render, setRender] = useState<Render>();
  const reload = useCallback(() => setVersion((current) => current + 1), []);

  useEffect(() => {
    let live = true;
    account.get<Page<BoardThread>>(`${BOARD_API}/list/page`, { ...query, sort }).then(
      (page) => live && setLoaded({ page }),
      () => live && setLoaded((previous) => (previous && 'page' in previous ? previous : { failed: true })),
    );
    return () => {
      live = false;
    };
  }, [query, sort, version, viewer]);

  // Markdown and the sanitiser (50 KB) and the live client load beside the first list, not before the page.
  useEffect(() => {
    void import('./render-post').then((module) => setRender(() => module.renderPost));
    void BoardPagination.preload();
  }, []);

  // Someone posted or replied somewhere: the page shows the list as it is now, without a reload.
  useEffect(() => {
    let room: { leave(): void } | undefined;
    let left = false;
    void import('@/lib/live').then(({ pageLive }) => {
      if (!left) room = pageLive().join(BOARD_LIVE_ROOM, { onMessage: reload });
    });
    return () => {
      left = true;
      room?.leave();
    };
  }, [reload]);

  const page = loaded && 'page' in loaded ? loaded.page : undefined;

  return (
    <div className="board">
      <section className="board__compose">
        {viewer === undefined ? (
          <BoardLogin />
        ) : (
          <>
            <Composer
              placeholder={t('composer.placeholder')}
              submitLabel={t('composer.post')}
              onSubmit={async (content) => {
                await account.post(BOARD_API, { content });
                toast.success(t('composer.posted'));
                setQuery((current) => ({ ...current, pageNum: 1 }));
                setSort('newest');
                reload();
              }}
            />
            <Text type="secondary" className="board__hint">
              {t('post.editWindow', { minutes: BOARD_EDIT_WINDOW_MS / 60_000 })}
            </Text>
          </>
        )}
      </section>

      <div className="board__toolbar">
        <Segmented<BoardSort>
          aria-label={t('sort.label')}
          value={sort}
          onChange={(next) => {
            setSort(next);
            setQuery((current) => ({ ...current, pageNum: 1 }));
          }}
          options={[
            { value: 'newest', label: t('sort.newest') },
            { value: 'hottest', label: t('sort.hottest') },
          ]}
          data-testid="board-sort"
        />
      </div>

      {loaded && 'failed' in loaded && (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={
            <Button size="small" onClick={reload}>
              {t('retry')}
            </Button>
          }
        />
      )}
      {(!loaded || !render) && !(loaded && 'failed' in loaded) && <Spin className="board__loading" />}
      {page && render && page.list.length === 0 && <Empty description={t('empty')} />}
      {page && render && page.list.length > 0 && (
        <ol className="board__threads" data-testid="board-threads">
          {page.list.map((thread) => (
            <li key={thread.id}>
              <PostItem post={thread} viewer={viewer} render={render} onChanged={reload}>
                {thread.replies.length > 0 && (
                  <ol className="board__replies">
                    {thread.replies.map((reply) => (
                      <li key={reply.id}>
                        <PostItem post={reply} viewer={viewer} render={render} onChanged={reload} />
                      </li>
                    ))}
                  </ol>
                )}
              </PostItem>
            </li>
          ))}
        </ol>
      )}
      {page && page.total > 0 && (
        <Suspense fallback={null}>
          <BoardPagination
            pageNum={query.pageNum}
            pageSize={query.pageSize}
            total={page.total}
            onChange={(pageNum, pageSize) => setQuery({ pageNum: pageSize === query.pageSize ? pageNum : 1, pageSize })}
          />
        </Suspense>
      )}
    </div>
  );
}
