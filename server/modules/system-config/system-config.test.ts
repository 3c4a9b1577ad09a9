import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePayload } from '@shared/api/payload-codec';
import { API_CODE } from '@shared/contracts/api';
import { EMPTY_WELFARE } from '@shared/contracts/site-content-base';
import { makeTempDir, startTestServer } from '../../testing/test-server';
import type { TestServer } from '../../testing/test-server';
import { DEFAULT_SITE_SETTING } from './default-configs';

const EXTERNAL_TOOLS = { player: 'https://player.example.com/', colorPicker: 'http://127.0.0.1:4999/picker' };

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let server: TestServer;

beforeAll(async () => {
  temp = await makeTempDir();
  server = await startTestServer({ dataDir: temp.path, env: { EXTERNAL_TOOLS: JSON.stringify(EXTERNAL_TOOLS) } });
  const now = new Date().toISOString();
  await server.db
    .insertInto('system_configs')
    .values({ code: 'theme', value: JSON.stringify({ dark: true }), created_at: now, updated_at: now })
    .execute();
});

afterAll(async () => {
  await server.close();
  await temp.remove();
});

const getJson = async (path: string) => {
  const res = await fetch(server.baseUrl + path);
  return { status: res.status, body: await res.json() };
};

describe('GET /api/system/configs/list', () => {
  it('lists every config, the seeded site setting included', async () => {
    expect(await getJson('/api/system/configs/list')).toEqual({
      status: 200,
      body: {
        code: API_CODE.OK,
        msg: 'ok',
        data: [
          { code: 'donation', value: { codes: [] } },
          { code: 'enterprise', value: {} },
          { code: 'externalTools', value: EXTERNAL_TOOLS },
          { code: 'setting', value: DEFAULT_SITE_SETTING },
          { code: 'theme', value: { dark: true } },
          // No third-party service configured: an empty object, so the page loads none.
          { code: 'thirdParty', value: {} },
          { code: 'welfare', value: EMPTY_WELFARE },
        ],
      },
    });
  });

  it('filters by one code or by repeated codes (arrays without indices), ignoring the _t cache buster', async () => {
    const single = await getJson('/api/system/configs/list?codes=theme&_t=1700000000000');
    expect(single.body.data).toEqual([{ code: 'theme', value: { dark: true } }]);

    const repeated = await getJson('/api/system/configs/list?codes=setting&codes=theme&codes=missing');
    expect(repeated.body.data.map((entry: { code: string }) => entry.code)).toEqual(['setting', 'theme']);
  });

  it('rejects a malformed code naming the field', async () => {
    const { status, body } = await getJson('/api/system/configs/list?codes=bad%20code');
    expect(status).toBe(400);
    expect(body.code).toBe(API_CODE.BAD_REQUEST);
    expect(body.msg).toMatch(/^codes/);
  });

  it.each([
    ['1', API_CODE.ENCODED],
    ['reversed', API_CODE.ENCODED_REVERSED],
  ] as const)('encoded=%s answers code %i whose payload decodes back to the plain list', async (encoded, code) => {
    const plain = await getJson('/api/system/configs/list?codes=setting');
    const { status, body } = await getJson(`/api/system/configs/list?codes=setting&encoded=${encoded}`);
    expect(status).toBe(200);
    expect(body.code).toBe(code);
    expect(typeof body.data).toBe('string');
    expect(body.data).not.toContain('百宝箱');
    expect(decodePayload(body.data, code)).toEqual(plain.body.data);
  });
});

describe('externalTools (EXTERNAL_TOOLS)', () => {
  it('answers the configured hosts by code and in a filtered list', async () => {
    expect((await getJson('/api/system/configs/code/externalTools')).body.data).toEqual({ code: 'externalTools', value: EXTERNAL_TOOLS });
    const listed = await getJson('/api/system/configs/list?codes=externalTools&codes=theme');
    expect(listed.body.data).toEqual([
      { code: 'externalTools', value: EXTERNAL_TOOLS },
      { code: 'theme', value: { dark: true } },
    ]);
  });

  it('wins over a stored row of the same code', async () => {
    const now = new Date().toISOString();
    await server.db
      .insertInto('system_configs')
      .values({ code: 'externalTools', value: JSON.stringify({ player: 'https://evil.example/' }), created_at: now, updated_at: now })
      .execute();
    expect((await getJson('/api/system/configs/code/externalTools')).body.data.value).toEqual(EXTERNAL_TOOLS);
    const all = await getJson('/api/system/configs/list');
    expect(all.body.data.filter((entry: { code: string }) => entry.code === 'externalTools')).toEqual([
      { code: 'externalTools', value: EXTERNAL_TOOLS },
    ]);
    await server.db.deleteFrom('system_configs').where('code', '=', 'externalTools').execute();
  });
});

describe('GET /api/system/configs/code/:code', () => {
  it('returns the site setting', async () => {
    expect(await getJson('/api/system/configs/code/setting')).toEqual({
      status: 200,
      body: { code: API_CODE.OK, msg: 'ok', data: { code: 'setting', value: DEFAULT_SITE_SETTING } },
    });
  });

  it('answers an unknown code with a 404 envelope', async () => {
    expect(await getJson('/api/system/configs/code/nope')).toEqual({
      status: 404,
      body: { code: API_CODE.NOT_FOUND, msg: 'Unknown system config: nope', data: null },
    });
  });
});
