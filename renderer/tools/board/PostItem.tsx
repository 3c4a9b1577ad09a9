import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import LikeFilled from '@ant-design/icons-svg/es/asn/LikeFilled';
import LikeOutlined from '@ant-design/icons-svg/es/asn/LikeOutlined';
import MessageOutlined from '@ant-design/icons-svg/es/asn/MessageOutlined';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_API, BOARD_EDIT_WINDOW_MS } from '@shared/contracts/board-base';
import type { BoardPost } from '@shared/contracts/board-base';
import { Button } from '@/components/Button';
import { Icon } from '@/components/Icon';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { useAuthor } from '@/lib/authors';
import { formatCompactNumber } from '@/lib/format';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/pages/user/date-time';
import { account } from '@/platform';
import { BoardLogin } from './BoardLogin';
import { Composer } from './Composer';

export function AuthorName({ userId }: { userId: number }) {
  const { t } = useTranslation('board');
  return <>{useAuthor(userId)?.nickName || t('author.unknown', { id: userId })}</>;
}

function AuthorAvatar({ userId }: { userId: number }) {
  const { t } = useTranslation('board');
  const author = useAuthor(userId);
  const name = author?.nickName || t('author.unknown', { id: userId });
  return (
    <span className="board-avatar">
      {author?.avatar ? <img src={author.avatar} alt={t('author.avatar', { name })} /> : name.slice(0, 1).toUpperCase()}
    </span>
  );
}

const time = (ms: number) => formatDateTime(new Date(ms).toISOString());
const failed = (error: unknown) => toast.error(error instanceof Error ? error.message : String(error));

interface PostItemProps {
  post: BoardPost;
  /** The logged-in reader, undefined for a visitor. */
  viewer: number | undefined;
  /** The Markdown subset to safe HTML (board.service.ts). */
  render: (source: string) => string;
  /** The list changed on the server: read it again. */
  onChanged: () => void;
  children?: ReactNode;
}

type Open = 'reply' | 'edit' | 'login' | 'delete' | undefined;

export function PostItem({ post, viewer, render, onChanged, children }: PostItemProps) {
  const { t } = useTranslation('board');
  const [open, setOpen] = useState<Open>();
  const html = useMemo(() => render(post.content), [render, post.content]);
  // As of when the post was shown; past the window the server refuses with its own message.
  const [shownAt] = useState(() => Date.now());
  const own = viewer === post.userId && shownAt - post.createTime < BOARD_EDIT_WINDOW_MS;
  const author = useAuthor(post.userId);

  const toggle = (next: Open) => setOpen(viewer === undefined ? 'login' : open === next ? undefined : next);

  async function like() {
    if (viewer === undefined) return setOpen('login');
    try {
      if (post.liked) await account.delete(`${BOARD_API}/${post.id}/like`);
      else await account.post(`${BOARD_API}/${post.id}/like`, {});
      onChanged();
    } catch (error) {
      failed(error);
    }
  }

  async function remove() {
    try {
      await account.delete(`${BOARD_API}/${post.id}`);
      toast.success(t('post.deleted'));
      onChanged();
    } catch (error) {
      failed(error);
    }
  }

  return (
    <article className="board-post" data-testid="board-post" data-post-id={post.id}>
      <AuthorAvatar userId={post.userId} />
      <div className="board-post__main">
        <header className="board-post__head">
          <span className="board-post__author">
            <AuthorName userId={post.userId} />
          </span>
          {post.replyToUserId !== null && (
            <span className="board-post__reply-to">
              {t('post.replyingTo')} <AuthorName userId={post.replyToUserId} />
            </span>
          )}
          <time dateTime={new Date(post.createTime).toISOString()}>{time(post.createTime)}</time>
          {post.updateTime !== post.createTime && <span>{t('post.edited')}</span>}
          {post.hidden && <Tag color="warning">{t('post.hidden')}</Tag>}
        </header>
        {open === 'edit' ? (
          <Composer
            initial={post.content}
            placeholder={t('composer.placeholder')}
            submitLabel={t('composer.save')}
            autoFocus
            onCancel={() => setOpen(undefined)}
            onSubmit={async (content) => {
              await account.put(`${BOARD_API}/${post.id}`, { content });
              toast.success(t('composer.saved'));
              setOpen(undefined);
              onChanged();
            }}
          />
        ) : (
          // Safe by construction: markdown-it without HTML, then DOMPurify with the subset's tags only.
          <div className="board-post__body" data-testid="board-post-body" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        <footer className="board-post__actions">
          <Button
            type="text"
            size="small"
            icon={<Icon icon={post.liked ? LikeFilled : LikeOutlined} />}
            aria-label={post.liked ? t('post.unlike') : t('post.like')}
            aria-pressed={post.liked}
            onClick={() => void like()}
            data-testid="board-like"
          >
            {formatCompactNumber(post.likes)}
          </Button>
          <Button type="text" size="small" icon={<Icon icon={MessageOutlined} />} onClick={() => toggle('reply')} data-testid="board-reply">
            {t('post.reply')}
          </Button>
          {own && (
            <>
              <Button type="text" size="small" icon={<Icon icon={EditOutlined} />} onClick={() => toggle('edit')}>
                {t('post.edit')}
              </Button>
              <Button type="text" size="small" danger icon={<Icon icon={DeleteOutlined} />} onClick={() => toggle('delete')}>
                {t('post.delete')}
              </Button>
            </>
          )}
        </footer>
        {open === 'delete' && (
          <div className="board-post__confirm" role="alert">
            <Text>{t('post.deleteConfirm')}</Text>
            <Button size="small" onClick={() => setOpen(undefined)}>
              {t('composer.cancel')}
            </Button>
            <Button size="small" type="primary" danger onClick={() => void remove()}>
              {t('post.confirmDelete')}
            </Button>
          </div>
        )}
        {open === 'login' && <BoardLogin />}
        {open === 'reply' && (
          <Composer
            placeholder={t('composer.replyPlaceholder', { name: author?.nickName ?? t('author.unknown', { id: post.userId }) })}
            submitLabel={t('composer.reply')}
            autoFocus
            onCancel={() => setOpen(undefined)}
            onSubmit={async (content) => {
              await account.post(BOARD_API, { content, replyTo: post.id });
              setOpen(undefined);
              onChanged();
            }}
          />
        )}
        {children}
      </div>
    </article>
  );
}
