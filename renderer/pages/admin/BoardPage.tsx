import { DeleteOutlined, EyeInvisibleOutlined, EyeOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Input, Popconfirm, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Page } from '@shared/contracts/api';
import { BOARD_API } from '@shared/contracts/board-base';
import type { BoardBan, BoardPost, BoardThread, BoardWordFilter } from '@shared/contracts/board-base';
import { http } from '@/app/http';
import { useAuthor } from '@/lib/authors';
import { toast } from '@/lib/notify';
import { formatDateTime } from '@/pages/user/date-time';
import { usePagedList } from '@/pages/user/paging';
import './admin.css';

type Row = BoardPost & { children?: BoardPost[] };

/** The author by nickname, with the account number the ban and its confirmation name. */
function Author({ userId }: { userId: number }) {
  const nickName = useAuthor(userId)?.nickName;
  return (
    <Typography.Text ellipsis={{ tooltip: true }} style={{ maxWidth: 150 }} data-testid="admin-board-author">
      {nickName ? `${nickName} #${userId}` : `#${userId}`}
    </Typography.Text>
  );
}

const time = (ms: number) => formatDateTime(new Date(ms).toISOString());
const loadPosts = async (pageNum: number, pageSize: number): Promise<Page<Row>> => {
  const page = await http.get<Page<BoardThread>>(`${BOARD_API}/list/page`, { params: { pageNum, pageSize } });
  // Replies under their thread, as the table's nested rows.
  return { ...page, list: page.list.map(({ replies, ...thread }) => ({ ...thread, ...(replies.length ? { children: replies } : {}) })) };
};

/**
 * /admin/board: the message board's moderation (issue 20, docs/board.md) — every post and reply with
 * hidden ones marked, hide or show, delete, ban an author; the bans; and the word filter.
 */
export default function BoardPage() {
  const { t } = useTranslation('backOffice');
  const list = usePagedList(loadPosts);
  const { reload } = list;
  const [bans, setBans] = useState<BoardBan[]>([]);
  const [words, setWords] = useState<string>();
  const [saving, setSaving] = useState(false);

  const loadBans = useCallback(() => {
    http.get<BoardBan[]>(`${BOARD_API}/bans`).then(setBans, () => undefined);
  }, []);
  useEffect(() => {
    loadBans();
    http.get<BoardWordFilter>(`${BOARD_API}/word-filter`).then(
      (filter) => setWords(filter.words.join('\n')),
      () => undefined,
    );
  }, [loadBans]);

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      toast.success(done);
      reload();
      loadBans();
    } catch {
      // The API client showed the reason; the list stays as it was.
    }
  };

  const saveWords = async () => {
    setSaving(true);
    try {
      const saved = await http.put<BoardWordFilter>(`${BOARD_API}/word-filter`, { words: (words ?? '').split('\n') });
      setWords(saved.words.join('\n'));
      toast.success(t('board.wordsSaved', { count: saved.words.length }));
    } catch {
      // Shown by the API client.
    } finally {
      setSaving(false);
    }
  };

  const columns: TableColumnsType<Row> = [
    { key: 'id', title: 'ID', dataIndex: 'id', width: 72 },
    { key: 'author', title: t('board.author'), dataIndex: 'userId', width: 170, render: (userId: number) => <Author userId={userId} /> },
    {
      key: 'content',
      title: t('board.content'),
      dataIndex: 'content',
      // Shown as the plain text it is: the admin sees exactly what was written.
      render: (content: string, post) => (
        <>
          {post.hidden && <Tag color="warning">{t('board.hidden')}</Tag>}
          <Typography.Paragraph ellipsis={{ rows: 3, expandable: true }} style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {content}
          </Typography.Paragraph>
        </>
      ),
    },
    { key: 'likes', title: t('board.likes'), dataIndex: 'likes', width: 64, responsive: ['md'] },
    { key: 'time', title: t('board.created'), dataIndex: 'createTime', width: 170, responsive: ['md'], render: time },
    {
      key: 'actions',
      title: t('board.actions'),
      width: 250,
      render: (_value, post) => (
        <div className="admin-board__actions">
          <Button
            size="small"
            icon={post.hidden ? <EyeOutlined /> : <EyeInvisibleOutlined />}
            onClick={() =>
              void act(
                () => http.post(`${BOARD_API}/${post.id}/hide`, { hidden: !post.hidden }),
                t(post.hidden ? 'board.shown' : 'board.hiddenDone', { id: post.id }),
              )
            }
            data-testid={`admin-board-hide-${post.id}`}
          >
            {t(post.hidden ? 'board.show' : 'board.hide')}
          </Button>
          <Popconfirm
            title={t('board.confirmDelete')}
            onConfirm={() => act(() => http.delete(`${BOARD_API}/${post.id}`), t('board.deleted', { id: post.id }))}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('board.delete')}
            </Button>
          </Popconfirm>
          {!bans.some((ban) => ban.userId === post.userId) && (
            <Popconfirm
              title={t('board.confirmBan', { id: post.userId })}
              onConfirm={() => act(() => http.post(`${BOARD_API}/bans`, { userId: post.userId }), t('board.banned', { id: post.userId }))}
            >
              <Button size="small" danger icon={<StopOutlined />}>
                {t('board.ban')}
              </Button>
            </Popconfirm>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className="admin-board">
      <Card title={t('board.title')} size="small">
        <Table<Row> rowKey="id" columns={columns} scroll={{ x: 640 }} {...list.tableProps} data-testid="admin-board-posts" />
      </Card>
      <Card title={t('board.bans')} size="small" style={{ marginTop: 16 }}>
        <Table<BoardBan>
          rowKey="userId"
          dataSource={bans}
          pagination={false}
          locale={{ emptyText: t('board.noBans') }}
          columns={[
            { key: 'user', title: t('board.author'), dataIndex: 'userId', render: (userId: number) => <Author userId={userId} /> },
            { key: 'time', title: t('board.bannedAt'), dataIndex: 'createTime', render: time },
            {
              key: 'actions',
              title: t('board.actions'),
              render: (_value, ban) => (
                <Button
                  size="small"
                  onClick={() => void act(() => http.delete(`${BOARD_API}/bans/${ban.userId}`), t('board.unbanned', { id: ban.userId }))}
                >
                  {t('board.unban')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <Card title={t('board.words')} size="small" style={{ marginTop: 16 }}>
        <Typography.Paragraph type="secondary">{t('board.wordsHelp')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('board.words')}
          value={words ?? ''}
          disabled={words === undefined}
          onChange={(event) => setWords(event.target.value)}
          autoSize={{ minRows: 4, maxRows: 12 }}
          data-testid="admin-board-words"
        />
        <Button type="primary" style={{ marginTop: 8 }} loading={saving} disabled={words === undefined} onClick={() => void saveWords()}>
          {t('board.saveWords')}
        </Button>
      </Card>
    </div>
  );
}
