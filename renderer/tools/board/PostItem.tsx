import { DeleteOutlined, EditOutlined, LikeFilled, LikeOutlined, MessageOutlined } from '@ant-design/icons';
import { Avatar, Button, Modal, Tag } from 'antd';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_API, BOARD_EDIT_WINDOW_MS } from '@shared/contracts/board-base';
import type { BoardPost } from '@shared/contracts/board-base';
import { formatCompactNumber } from '@/lib/format';
import { toast } from '@/lib/notify';
import { LoginRequired } from '@/pages/user/LoginRequired';
import { formatDateTime } from '@/pages/user/date-time';
import { account } from '@/platform';
import { useAuthor } from './authors';
import { Composer } from './Composer';
import { renderPost } from './render-post';

export function AuthorName({ userId }: { userId: number }) {
  const { t } = useTranslation('board');
  return <>{useAuthor(userId)?.nickName || t('author.unknown', { id: userId })}</>;
}

function AuthorAvatar({ userId }: { userId: number }) {
  const { t } = useTranslation('board');
  const author = useAuthor(userId);
  const name = author?.nickName || t('author.unknown', { id: userId });
  return (
    <Avatar src={author?.avatar || undefined} alt={t('author.avatar', { name })} size="small">
      {name.slice(0, 1).toUpperCase()}
    </Avatar>
  );
}

const time = (ms: number) => formatDateTime(new Date(ms).toISOString());

interface PostItemProps {
  post: BoardPost;
  /** The logged-in reader, undefined for a visitor. */
  viewer: number | undefined;
  /** The list changed on the server: read it again. */
  onChanged: () => void;
  children?: ReactNode;
}

type Open = 'reply' | 'edit' | 'login' | undefined;

export function PostItem({ post, viewer, onChanged, children }: PostItemProps) {
  const { t } = useTranslation('board');
  const [open, setOpen] = useState<Open>();
  const [modal, modalHolder] = Modal.useModal();
  const html = useMemo(() => renderPost(post.content), [post.content]);
  // As of when the post was shown; past the window the server refuses with its own message.
  const [shownAt] = useState(() => Date.now());
  const own = viewer === post.userId && shownAt - post.createTime < BOARD_EDIT_WINDOW_MS;
  const author = useAuthor(post.userId);

  const needsLogin = (next: Open) => setOpen(viewer === undefined ? 'login' : open === next ? undefined : next);

  async function like() {
    if (viewer === undefined) return setOpen('login');
    try {
      if (post.liked) await account.delete(`${BOARD_API}/${post.id}/like`);
      else await account.post(`${BOARD_API}/${post.id}/like`, {});
      onChanged();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  }

  function remove() {
    void modal.confirm({
      content: t('post.deleteConfirm'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await account.delete(`${BOARD_API}/${post.id}`);
          toast.success(t('post.deleted'));
          onChanged();
        } catch (error) {
          toast.error(error instanceof Error ? error.message : String(error));
        }
      },
    });
  }

  return (
    <article className="board-post" data-testid="board-post" data-post-id={post.id}>
      {modalHolder}
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
          {post.updateTime !== post.createTime && <span className="board-post__edited">{t('post.edited')}</span>}
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
          // Rendered by renderPost: the Markdown subset, sanitised (board-markdown.ts).
          <div className="board-post__body" data-testid="board-post-body" dangerouslySetInnerHTML={{ __html: html }} />
        )}
        <footer className="board-post__actions">
          <Button
            type="text"
            size="small"
            icon={post.liked ? <LikeFilled /> : <LikeOutlined />}
            aria-label={post.liked ? t('post.unlike') : t('post.like')}
            aria-pressed={post.liked}
            onClick={() => void like()}
            data-testid="board-like"
          >
            {formatCompactNumber(post.likes)}
          </Button>
          <Button type="text" size="small" icon={<MessageOutlined />} onClick={() => needsLogin('reply')} data-testid="board-reply">
            {t('post.reply')}
          </Button>
          {own && (
            <>
              <Button type="text" size="small" icon={<EditOutlined />} onClick={() => setOpen(open === 'edit' ? undefined : 'edit')}>
                {t('post.edit')}
              </Button>
              <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={remove}>
                {t('post.delete')}
              </Button>
            </>
          )}
        </footer>
        {open === 'login' && <LoginRequired>{null}</LoginRequired>}
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
