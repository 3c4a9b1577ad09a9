import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { makeTempDir, startTestServer } from './testing/test-server';
import type { TestServer } from './testing/test-server';

/** The policy as directive → sources, read from a real response. */
async function policyOf(url: string): Promise<Map<string, string[]>> {
  const response = await fetch(url);
  const header = response.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

const CONFIGURED = {
  AD_SCRIPT_URL: 'https://ads.example.com/show.js?site=1',
  STATS_SCRIPT_URL: 'http://127.0.0.1:4625/hm.js',
  ERROR_REPORTING_DSN: 'https://0123456789abcdef@errors.example.org/42',
};

describe.each([
  ['nothing configured', {}, {}, [], []],
  [
    'all three configured',
    CONFIGURED,
    {
      adScriptUrl: CONFIGURED.AD_SCRIPT_URL,
      statsScriptUrl: CONFIGURED.STATS_SCRIPT_URL,
      errorReportingDsn: CONFIGURED.ERROR_REPORTING_DSN,
    },
    ['https://ads.example.com', 'http://127.0.0.1:4625'],
    ['https://ads.example.com', 'http://127.0.0.1:4625', 'https://errors.example.org'],
  ],
] as const)('third-party services, %s', (_name, env, answered, scriptHosts, connectHosts) => {
  let temp: Awaited<ReturnType<typeof makeTempDir>>;
  let server: TestServer;

  beforeAll(async () => {
    temp = await makeTempDir();
    server = await startTestServer({ dataDir: temp.path, env });
  });

  afterAll(async () => {
    await server.close();
    await temp.remove();
  });

  it('are public as the system config thirdParty', async () => {
    const response = await fetch(`${server.baseUrl}/api/system/configs/code/thirdParty`);
    expect((await response.json()).data).toEqual({ code: 'thirdParty', value: answered });
  });

  it('add exactly their hosts to the CSP: scripts from the script hosts, calls to those and the error reporter', async () => {
    const policy = await policyOf(`${server.baseUrl}/api/system/configs/code/thirdParty`);
    expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'", ...scriptHosts]);
    const connect = policy.get('connect-src') ?? [];
    // What PicHub adds comes first and is tested with the security headers.
    expect(connect.slice(connect.length - connectHosts.length)).toEqual([...connectHosts]);
    expect(connect.filter((source) => /example\.(com|org)|127\.0\.0\.1/.test(source))).toEqual([...connectHosts]);
    // The DSN's public key never lands in a header.
    expect(policy.get('connect-src')?.join(' ')).not.toContain('0123456789abcdef');
  });
});

describe('third-party settings', () => {
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig(env);
    } catch (error) {
      return (error as Error).message;
    }
    return 'accepted';
  };

  it('refuse plain http away from loopback, a non-URL and a DSN without key or project', () => {
    expect(refusal({ AD_SCRIPT_URL: 'http://ads.example.com/a.js' })).toMatch(/AD_SCRIPT_URL: must be an https:\/\/ URL/);
    expect(refusal({ STATS_SCRIPT_URL: 'not a url' })).toMatch(/STATS_SCRIPT_URL/);
    expect(refusal({ ERROR_REPORTING_DSN: 'https://errors.example.org/42' })).toMatch(/ERROR_REPORTING_DSN: must be a Sentry DSN/);
    expect(refusal({ ERROR_REPORTING_DSN: 'https://key@errors.example.org/' })).toMatch(/ERROR_REPORTING_DSN: must be a Sentry DSN/);
    expect(refusal({ ERROR_REPORTING_DSN: 'javascript:alert(1)' })).toMatch(/ERROR_REPORTING_DSN/);
  });

  it('treat empty as unset, and take https and loopback http', () => {
    expect(loadConfig({ AD_SCRIPT_URL: '', STATS_SCRIPT_URL: '', ERROR_REPORTING_DSN: '' }).thirdParty).toEqual({});
    expect(loadConfig({ AD_SCRIPT_URL: 'http://localhost:9000/ad.js' }).thirdParty).toEqual({ adScriptUrl: 'http://localhost:9000/ad.js' });
  });
});
