import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { seoManifestSchema } from '@shared/contracts/seo';
import { seoResources } from '@/app/tool-texts';
import { tools } from '@/tools/registry';
import { buildSeoManifest, translate } from './build-seo';
import type { SeoTool } from './build-seo';

const resources = await seoResources();

describe('buildSeoManifest', () => {
  const manifest = buildSeoManifest(tools, resources);

  it('puts home first with the site texts of each language', () => {
    expect(manifest.site).toEqual({
      cn: { title: resources.cn.common.site.title, subTitle: resources.cn.common.site.subTitle },
      en: { title: resources.en.common.site.title, subTitle: resources.en.common.site.subTitle },
    });
    // The shell's English texts live outside the first chunk; the build loads them.
    expect(manifest.site.en.title).toBe('Baibao');
    const [home] = manifest.routes;
    expect(home?.path).toBe('/');
    expect(home?.cn).toMatchObject({ title: '百宝箱', description: '免费、好用、不上传的在线工具箱' });
    expect(home?.cn.keywords.split(',')).toContain(tools[0].texts.cn.title);
  });

  it('has one route per registered tool with its translated meta texts, keywords from its search words', async () => {
    expect(manifest.routes.map((route) => route.path).slice(0, tools.length + 1)).toEqual(['/', ...tools.map((tool) => tool.path)]);
    for (const tool of tools) {
      const route = manifest.routes.find((candidate) => candidate.path === tool.path);
      const { keywords } = (await tool.search()).searchWords;
      expect(keywords.cn).not.toBe('');
      expect(route).toEqual({
        path: tool.path,
        requireAuth: tool.meta.requireAuth,
        requireAdmin: tool.meta.requireAdmin,
        noindex: tool.unlisted,
        cn: { ...tool.texts.cn, keywords: keywords.cn },
        en: { ...tool.texts.en, keywords: keywords.en },
      });
    }
  });

  it("lists each tool's internal aliases as redirects to the tool (spec §2: /md → /md/editor)", () => {
    expect(manifest.redirects).toContainEqual({ from: '/md', to: '/md/editor' });
  });

  it('keeps an unlisted (work in progress) tool out of the index and the home keywords, but still a page', () => {
    const [listed, wip] = [tools[0], { ...tools[1], unlisted: true }];
    const routes = buildSeoManifest([listed, wip], resources).routes;
    expect(routes.find((route) => route.path === wip.path)).toMatchObject({ noindex: true, cn: wip.texts.cn });
    expect(routes.find((route) => route.path === listed.path)?.noindex).toBe(false);
    const keywords = routes[0]?.cn.keywords.split(',');
    expect(keywords).toContain(listed.texts.cn.title);
    expect(keywords).not.toContain(wip.texts.cn.title);
  });

  it('serves the login, user-center and admin pages as pages, titled, never indexed', () => {
    const account = manifest.routes.slice(tools.length + 1).filter((route) => /^\/(user|admin)\b/.test(route.path));
    expect(account.map((route) => route.path)).toEqual([
      '/user/login',
      '/user/center',
      '/user/center/profile',
      '/user/center/settings',
      '/user/center/security',
      '/user/center/logs',
      '/user/center/bindings',
      '/user/center/ads',
      '/user/center/feedback',
      '/admin',
      '/admin/users',
      '/admin/pic-hub',
      '/admin/ads',
      '/admin/board',
      '/admin/feedback',
    ]);
    expect(account.every((route) => route.noindex)).toBe(true);
    expect(account.find((route) => route.path === '/user/login')).toMatchObject({
      requireAuth: false,
      cn: { title: '登录' },
      en: { title: 'Log in' },
    });
    expect(account.find((route) => route.path === '/user/center/logs')).toMatchObject({
      requireAuth: true,
      requireAdmin: false,
      en: { title: resources.en.common.userCenter.loginLogs },
    });
    expect(account.find((route) => route.path === '/admin/users')).toMatchObject({ requireAdmin: true });
    expect(account.find((route) => route.path === '/admin/pic-hub')).toMatchObject({ requireAdmin: true, cn: { title: '系统图床' } });
  });

  it("serves a tool's internal routes as untitled pages, never indexed", () => {
    const page = () => Promise.resolve({ default: () => null });
    const tool: SeoTool = { ...tools[0], internalRoutes: [{ path: '/x/preview', page }] };
    const route = buildSeoManifest([tool], resources).routes.find((candidate) => candidate.path === '/x/preview');
    const untitled = { title: '', description: '', keywords: '' };
    expect(route).toEqual({ path: '/x/preview', requireAuth: false, requireAdmin: false, noindex: true, cn: untitled, en: untitled });
  });

  it('serves the development routes as untitled pages, never indexed, and sends /my/admin to /admin', () => {
    const untitled = { title: '', description: '', keywords: '' };
    const dev = manifest.routes.filter((route) => route.path.startsWith('/test'));
    expect(dev).toEqual(
      ['/test', '/test/test2'].map((path) => ({
        path,
        requireAuth: false,
        requireAdmin: false,
        noindex: true,
        cn: untitled,
        en: untitled,
      })),
    );
    expect(manifest.redirects).toContainEqual({ from: '/my/admin', to: '/admin' });
  });

  it('fails loudly on a meta key without text', () => {
    expect(() => translate(resources.cn, 'file-hasher:meta.nope')).toThrow("no text for 'file-hasher:meta.nope'");
    expect(() => translate(resources.cn, 'common:site')).toThrow(/no text/);
    const broken: SeoTool = { path: '/broken', meta: { ...tools[0].meta, title: 'missing-tool:meta.title' } };
    expect(() => buildSeoManifest([broken], resources)).toThrow(/missing-tool:meta.title/);
  });
});

describe('scripts/build-seo.ts under tsx', () => {
  it('resolves the aliases and writes a valid seo.json to the given folder', async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'baibao-seo-'));
    try {
      const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/build-seo.ts', outDir], {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
      });
      expect(stdout).toContain('seo.json');
      const written = seoManifestSchema.parse(JSON.parse(await readFile(join(outDir, 'seo.json'), 'utf8')));
      expect(written).toEqual(buildSeoManifest(tools, resources));
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  });
});
