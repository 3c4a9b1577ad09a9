import { expect, test } from './privacy';
import { BRANCH, OWNER, READ_ONLY_TOKEN, REPO, TOKEN, pichubUrl, setUpPicHubWorld } from './pic-hub-kit';

/**
 * The ground the PicHub specs stand on, checked from the page itself: the site's CSP lets /pic/hub
 * reach the GitHub test server and the loopback CDNs (PICHUB_CONNECT_SRC) and no other loopback
 * port; the test server answers the browser across origins (CORS) with the tokens' permissions;
 * the quick CDN answers at once, the slow one after its delay, the dead one refuses.
 */

const world = setUpPicHubWorld({ slowMs: 1200 });

test('/pic/hub may call the test servers it is configured for, and the browser gets their answers', async ({ page }) => {
  const response = await page.goto(pichubUrl(world()));
  const csp = response!.headers()['content-security-policy'] ?? '';
  const connect = /connect-src ([^;]*)/.exec(csp)?.[1] ?? '';
  for (const origin of [world().github.url, world().cdn.fast, world().cdn.slow, world().cdn.dead])
    expect(connect.split(' '), `connect-src has ${origin}`).toContain(new URL(origin).origin);
  expect(connect).toContain('https://api.github.com');

  const repo = (token: string) =>
    page.evaluate(
      async ({ url, token }) => {
        const answer = await fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/vnd.github+json' } });
        return { status: answer.status, body: (await answer.json()) as { permissions?: { push: boolean }; message?: string } };
      },
      { url: `${world().github.url}/repos/${OWNER}/${REPO}`, token },
    );
  expect(await repo(TOKEN)).toMatchObject({ status: 200, body: { permissions: { push: true } } });
  expect(await repo(READ_ONLY_TOKEN)).toMatchObject({ status: 200, body: { permissions: { push: false } } });
  expect(await repo('ghp_wrong')).toMatchObject({ status: 401, body: { message: 'Bad credentials' } });

  const probe = (url: string) =>
    page.evaluate(async (url) => {
      const started = performance.now();
      try {
        const answer = await fetch(url, { method: 'HEAD', cache: 'no-store' });
        return { status: answer.status, ms: performance.now() - started };
      } catch {
        return { status: 0, ms: performance.now() - started };
      }
    }, url);
  const file = `/gh/${OWNER}/${REPO}@${BRANCH}/README.md`;
  const fast = await probe(`${world().cdn.fast}${file}`);
  const slow = await probe(`${world().cdn.slow}${file}`);
  const dead = await probe(`${world().cdn.dead}${file}`);
  expect(fast.status).toBe(200);
  expect(slow.status).toBe(200);
  expect(slow.ms).toBeGreaterThan(world().slowMs - 100);
  expect(fast.ms).toBeLessThan(world().slowMs / 2);
  expect(dead).toMatchObject({ status: 0 });
  expect(dead.ms).toBeLessThan(world().slowMs);
  expect((await probe(`${world().cdn.fast}/gh/${OWNER}/${REPO}@${BRANCH}/missing.png`)).status).toBe(404);

  // Any other loopback port is outside the policy: the page cannot send pictures to it.
  const violation = await page.evaluate(async (url) => {
    const seen = new Promise<string>((done) =>
      document.addEventListener('securitypolicyviolation', (event) => done(`${event.effectiveDirective} ${event.blockedURI}`)),
    );
    await fetch(url).catch(() => undefined);
    return Promise.race([seen, new Promise<string>((done) => setTimeout(() => done('no violation'), 5000))]);
  }, 'http://127.0.0.1:9/upload');
  expect(violation).toBe('connect-src http://127.0.0.1:9/upload');
});
