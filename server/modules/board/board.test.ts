import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CODE } from '@shared/contracts/api';
import type { Page } from '@shared/contracts/api';
import { BOARD_API, BOARD_EDIT_WINDOW_MS, BOARD_LIVE_ROOM, BOARD_POST_MAX_CHARS } from '@shared/contracts/board-base';
import type { BoardBan, BoardPost, BoardThread } from '@shared/contracts/board-base';
import { LIVE_PATH } from '@shared/contracts/live';
import type { ServerMessage } from '@shared/contracts/server-messages';
import { connectLive } from '../../live/live-test-kit';
import { startAccountsServer } from '../../testing/accounts-kit';
import type { AccountsServer } from '../../testing/accounts-kit';

/** The server's clock runs this far ahead of the real one; tests move it past the edit window. */
let clockOffset = 0;
let kit: AccountsServer;
let admin: string;
let ann: string;
let bob: string;
let users = 0;

async function newUser(server = kit): Promise<string> {
  users += 1;
  const name = `poster${users}`;
  return (await server.register(name, `${name}@example.com`, 'poster-password')).accessToken;
}

const roomy = { windowMs: 60_000, limit: 10_000 };

beforeAll(async () => {
  kit = await startAccountsServer({ board: { now: () => Date.now() + clockOffset, postsPerUser: roomy, postsPerIp: roomy } });
  admin = (await kit.adminLogin()).accessToken;
  ann = await newUser();
  bob = await newUser();
});

afterAll(async () => {
  await kit.close();
});

type Body = { ext?: { messages?: unknown[] } };
const keysOf = (body: Body) => ((body.ext?.messages ?? []) as ServerMessage[]).map((message) => message.key);
const auth = (token: string | undefined) => (token ? { token } : {});

const post = (token: string | undefined, content: string, replyTo?: number, server = kit) =>
  server.call<BoardPost>('POST', BOARD_API, { json: { content, ...(replyTo ? { replyTo } : {}) }, ...auth(token) });
const edit = (token: string | undefined, id: number, content: string) =>
  kit.call<BoardPost>('PUT', `${BOARD_API}/${id}`, { json: { content }, ...auth(token) });
const remove = (token: string | undefined, id: number) => kit.call<null>('DELETE', `${BOARD_API}/${id}`, auth(token));
const like = (token: string | undefined, id: number, method: 'POST' | 'DELETE' = 'POST') =>
  kit.call<BoardPost>(method, `${BOARD_API}/${id}/like`, auth(token));
const hide = (token: string | undefined, id: number, hidden = true) =>
  kit.call<null>('POST', `${BOARD_API}/${id}/hide`, { json: { hidden }, ...auth(token) });
const list = (token?: string, query = '') => kit.call<Page<BoardThread>>('GET', `${BOARD_API}/list/page?pageSize=100${query}`, auth(token));
const threadOf = async (id: number, token?: string) => (await list(token)).body.data.list.find((thread) => thread.id === id);

async function thread(token: string, content = `thread ${Math.random()}`): Promise<BoardPost> {
  const res = await post(token, content);
  expect(res.status).toBe(200);
  return res.body.data;
}

describe('reading, posting and replying', () => {
  it('anyone reads the newest threads first with their replies; only a logged-in user posts', async () => {
    const first = await thread(ann, '**first** thread');
    const second = await thread(bob);
    const visitor = await list();
    expect(visitor.status).toBe(200);
    expect(visitor.body.data).toMatchObject({ pageNum: 1, pageSize: 100 });
    const ids = visitor.body.data.list.map((row) => row.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(visitor.body.data.list.find((row) => row.id === first.id)).toMatchObject({
      content: '**first** thread',
      rootId: null,
      likes: 0,
    });

    const anonymous = await post(undefined, 'hello');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe(API_CODE.UNAUTHORIZED);
  });

  it('a reply joins its thread; a reply to a reply stays one level deep and names whom it answers', async () => {
    const root = await thread(ann);
    const reply = (await post(bob, 'reply of bob', root.id)).body.data;
    expect(reply).toMatchObject({ rootId: root.id, replyToUserId: null });
    const deeper = (await post(ann, 'answer to bob', reply.id)).body.data;
    expect(deeper).toMatchObject({ rootId: root.id, replyToUserId: reply.userId });
    const shown = await threadOf(root.id);
    expect(shown?.replies.map((row) => row.id)).toEqual([reply.id, deeper.id]);
    expect((await post(ann, 'to nowhere', 2 ** 30)).status).toBe(404);
  });

  it('keeps HTML as the text it is (the page renders it inert) and refuses empty and spam-sized posts', async () => {
    const html = '<img src=x onerror="alert(1)"><script>alert(2)</script>';
    expect((await post(ann, html)).body.data.content).toBe(html);
    const empty = await post(ann, '   ');
    expect(empty.status).toBe(400);
    expect(keysOf(empty.body)).toEqual(['board.field.content']);
    const long = await post(ann, 'x'.repeat(BOARD_POST_MAX_CHARS + 1));
    expect(long.status).toBe(400);
    expect(keysOf(long.body)).toEqual(['board.field.tooLong']);
    // Counted in characters: 2000 emoji are 8000 bytes and still one post.
    expect((await post(ann, '😀'.repeat(BOARD_POST_MAX_CHARS))).status).toBe(200);
    const sort = await list(undefined, '&sort=loudest');
    expect(sort.status).toBe(400);
    expect(keysOf(sort.body)).toEqual(['board.field.sort']);
  });
});

describe('likes and the hottest sort', () => {
  it('counts one like per user, tells each reader what they liked, and ranks by likes and replies', async () => {
    const liked = await thread(ann);
    const newer = await thread(ann);
    expect((await like(bob, liked.id)).body.data).toMatchObject({ likes: 1, liked: true });
    expect((await like(bob, liked.id)).body.data).toMatchObject({ likes: 1, liked: true });
    expect((await like(admin, liked.id)).body.data.likes).toBe(2);
    expect(await threadOf(liked.id, bob)).toMatchObject({ likes: 2, liked: true });
    expect(await threadOf(liked.id, ann)).toMatchObject({ likes: 2, liked: false });
    expect((await like(undefined, liked.id)).status).toBe(401);

    const hottest = (await list(undefined, '&sort=hottest')).body.data.list.map((row) => row.id);
    expect(hottest.indexOf(liked.id)).toBeLessThan(hottest.indexOf(newer.id));
    expect((await like(bob, liked.id, 'DELETE')).body.data).toMatchObject({ likes: 1, liked: false });
  });
});

describe('editing and deleting: the author within the window, the admin at any time', () => {
  it('lets the author edit and delete; another user, a visitor and a late author are refused', async () => {
    const own = await thread(ann);
    expect((await edit(ann, own.id, 'edited')).body.data.content).toBe('edited');
    const other = await edit(bob, own.id, 'hijack');
    expect(other.status).toBe(403);
    expect(keysOf(other.body)).toEqual(['board.notYours']);
    expect((await edit(undefined, own.id, 'x')).status).toBe(401);
    expect((await remove(bob, own.id)).status).toBe(403);

    const late = await thread(ann);
    clockOffset = BOARD_EDIT_WINDOW_MS + 1000;
    try {
      const refused = await edit(ann, late.id, 'too late');
      expect(refused.status).toBe(403);
      expect(keysOf(refused.body)).toEqual(['board.editWindowOver']);
      expect((await remove(ann, late.id)).status).toBe(403);
      expect((await remove(admin, late.id)).status).toBe(200);
    } finally {
      clockOffset = 0;
    }
    expect(await threadOf(late.id)).toBeUndefined();
    expect((await remove(ann, own.id)).status).toBe(200);
    expect((await remove(ann, own.id)).status).toBe(404);
  });

  it('deleting a thread removes its replies; deleting a reply recounts the thread', async () => {
    const root = await thread(ann);
    const reply = (await post(bob, 'soon gone', root.id)).body.data;
    await post(bob, 'stays', root.id);
    await like(ann, root.id);
    expect((await remove(bob, reply.id)).status).toBe(200);
    expect((await threadOf(root.id))?.replies.map((row) => row.content)).toEqual(['stays']);
    expect((await remove(admin, root.id)).status).toBe(200);
    const lastReply = await post(bob, 'to a deleted thread', root.id);
    expect(lastReply.status).toBe(404);
  });
});

describe('moderation', () => {
  it('only the admin hides: a hidden post is gone for everyone else and marked for the admin', async () => {
    const root = await thread(ann);
    const reply = (await post(bob, 'rude reply', root.id)).body.data;
    expect((await hide(bob, reply.id)).status).toBe(403);
    expect((await hide(undefined, reply.id)).status).toBe(401);
    expect((await hide(admin, reply.id)).status).toBe(200);
    expect((await threadOf(root.id, bob))?.replies).toEqual([]);
    expect((await threadOf(root.id, admin))?.replies).toMatchObject([{ id: reply.id, hidden: true }]);
    expect((await like(bob, reply.id)).status).toBe(404);
    expect((await hide(admin, root.id)).status).toBe(200);
    expect(await threadOf(root.id)).toBeUndefined();
    expect((await hide(admin, root.id, false)).status).toBe(200);
    expect(await threadOf(root.id)).toMatchObject({ hidden: false });
  });

  it('a banned user cannot post, reply or edit until the admin lifts the ban; only the admin bans', async () => {
    const carol = await newUser();
    const own = await thread(carol);
    expect((await kit.call('POST', `${BOARD_API}/bans`, { json: { userId: own.userId }, token: bob })).status).toBe(403);
    expect((await kit.call('POST', `${BOARD_API}/bans`, { json: { userId: own.userId }, token: admin })).status).toBe(200);
    const bans = await kit.call<BoardBan[]>('GET', `${BOARD_API}/bans`, { token: admin });
    expect(bans.body.data.map((ban) => ban.userId)).toContain(own.userId);
    expect((await kit.call('GET', `${BOARD_API}/bans`, { token: carol })).status).toBe(403);

    const refused = await post(carol, 'still here');
    expect(refused.status).toBe(403);
    expect(keysOf(refused.body)).toEqual(['board.banned']);
    expect((await post(carol, 'reply', own.id)).status).toBe(403);
    expect((await edit(carol, own.id, 'changed')).status).toBe(403);

    expect((await kit.call('DELETE', `${BOARD_API}/bans/${own.userId}`, { token: carol })).status).toBe(403);
    expect((await kit.call('DELETE', `${BOARD_API}/bans/${own.userId}`, { token: admin })).status).toBe(200);
    expect((await post(carol, 'back again')).status).toBe(200);

    const unknown = await kit.call('POST', `${BOARD_API}/bans`, { json: { userId: 2 ** 30 }, token: admin });
    expect(unknown.status).toBe(400);
    expect((await kit.call('POST', `${BOARD_API}/bans`, { json: { userId: 1 }, token: admin })).status).toBe(400);
  });

  it('refuses posts and edits with a filtered word, ignoring case; only the admin reads and sets the list', async () => {
    expect((await kit.call('GET', `${BOARD_API}/word-filter`, { token: ann })).status).toBe(403);
    expect((await kit.call('PUT', `${BOARD_API}/word-filter`, { json: { words: ['x'] }, token: ann })).status).toBe(403);
    const set = await kit.call<{ words: string[] }>('PUT', `${BOARD_API}/word-filter`, {
      json: { words: ['BuyNow', ' buynow ', '', '广告词'] },
      token: admin,
    });
    expect(set.body.data.words).toEqual(['buynow', '广告词']);
    try {
      expect((await kit.call<{ words: string[] }>('GET', `${BOARD_API}/word-filter`, { token: admin })).body.data.words).toEqual([
        'buynow',
        '广告词',
      ]);
      const refused = await post(ann, 'please BUYNOW here');
      expect(refused.status).toBe(400);
      expect(refused.body.ext?.messages).toEqual([{ key: 'board.filteredWord', params: { word: 'buynow' }, field: 'content' }]);
      const own = await thread(ann, 'clean');
      expect((await edit(ann, own.id, '一个广告词')).status).toBe(400);
      const tooMany = await kit.call('PUT', `${BOARD_API}/word-filter`, { json: { words: Array(501).fill('w') }, token: admin });
      expect(keysOf(tooMany.body)).toEqual(['board.field.words']);
    } finally {
      await kit.call('PUT', `${BOARD_API}/word-filter`, { json: { words: [] }, token: admin });
    }
  });
});

describe('rate limits', () => {
  it('refuses posts over the per-user and the per-address limit with the minutes to wait', async () => {
    const tight = await startAccountsServer({
      board: { postsPerUser: { windowMs: 60_000, limit: 2 }, postsPerIp: { windowMs: 60_000, limit: 3 } },
    });
    try {
      const dan = await newUser(tight);
      const eve = await newUser(tight);
      expect((await post(dan, 'one', undefined, tight)).status).toBe(200);
      // A refused post does not count against the limit.
      expect((await post(dan, '', undefined, tight)).status).toBe(400);
      expect((await post(dan, 'two', undefined, tight)).status).toBe(200);
      const user = await post(dan, 'three', undefined, tight);
      expect(user.status).toBe(429);
      expect(user.body.ext?.messages).toEqual([{ key: 'board.tooManyPosts', params: { minutes: 1 } }]);
      expect((await post(eve, 'first of eve', undefined, tight)).status).toBe(200);
      const address = await post(eve, 'second of eve', undefined, tight);
      expect(address.status).toBe(429);
    } finally {
      await tight.close();
    }
  });
});

describe('live', () => {
  it('tells every open board page, visitors included, of a new post and reply; pages cannot speak in the room', async () => {
    const page = await connectLive(`${kit.server.baseUrl.replace('http', 'ws')}${LIVE_PATH}`);
    try {
      page.send({ type: 'join', room: BOARD_LIVE_ROOM });
      await page.next((message) => message.type === 'joined');
      const root = await thread(ann);
      expect(await page.next((message) => message.type === 'message')).toMatchObject({
        room: BOARD_LIVE_ROOM,
        data: { type: 'posted', id: root.id, rootId: null },
      });
      const reply = (await post(bob, 'live reply', root.id)).body.data;
      expect(await page.next((message) => message.type === 'message')).toMatchObject({
        data: { type: 'posted', id: reply.id, rootId: root.id },
      });
      page.send({ type: 'publish', room: BOARD_LIVE_ROOM, data: { type: 'posted', id: 1, rootId: null } });
      expect(await page.next((message) => message.type === 'error')).toMatchObject({ reason: 'forbidden' });
      page.send({ type: 'join', room: 'board:other' });
      expect(await page.next((message) => message.type === 'error')).toMatchObject({ reason: 'refused' });
    } finally {
      page.socket.terminate();
    }
  });
});
