import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SiteSetting } from '@shared/contracts/api';
import { makeTempDir, startTestServer } from '../testing/test-server';

let temp: Awaited<ReturnType<typeof makeTempDir>>;

beforeEach(async () => {
  temp = await makeTempDir();
});

afterEach(async () => {
  await temp.remove();
});

describe('migrations and seed across restarts', () => {
  it('applies migrations once, keeps rows and keeps an edited site setting', async () => {
    const first = await startTestServer({ dataDir: temp.path });
    const post = await fetch(`${first.baseUrl}/api/system/action-stat/log`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ sourceUrl: 'https://a.example/' }),
    });
    expect(post.status).toBe(200);
    const edited: SiteSetting = { title: '我的工具箱', subTitle: 's', logo: '/l.svg', locales: ['cn'], locale: 'zh-cn', siteUrl: '', supportPwaApp: false };
    await first.db.updateTable('system_configs').set({ value: JSON.stringify(edited) }).where('code', '=', 'setting').execute();
    const journal = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(first.db);
    expect(journal.rows[0]?.journal_mode).toBe('wal');
    await first.close();

    const second = await startTestServer({ dataDir: temp.path });
    try {
      const migrations = await sql<{ name: string }>`select name from kysely_migration`.execute(second.db);
      expect(migrations.rows.map((row) => row.name)).toEqual(['0001-initial-tables', '0002-accounts']);
      expect(await second.db.selectFrom('action_stat_logs').selectAll().execute()).toHaveLength(1);
      const setting = await (await fetch(`${second.baseUrl}/api/system/configs/code/setting`)).json();
      expect(setting.data.value).toEqual(edited);
    } finally {
      await second.close();
    }
  });
});
