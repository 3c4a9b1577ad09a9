import { describe, expect, it } from 'vitest';
import type { SeoManifest, SeoRoute } from '../contracts/seo';
import { pageHead } from './page-head';

const texts = (title: string, description = '', keywords = '') => ({ title, description, keywords });
const route = (path: string, rule: Partial<SeoRoute> = {}): SeoRoute => ({
  path,
  requireAuth: false,
  requireAdmin: false,
  noindex: false,
  cn: texts(`中${path}`, '描述', '关键词'),
  en: texts(`en${path}`, 'desc', 'kw'),
  ...rule,
});
const manifest: SeoManifest = {
  site: { cn: { title: '百宝箱', subTitle: '工具箱' }, en: { title: 'Baibao', subTitle: 'Tools' } },
  routes: [],
};
const origin = 'https://baibao.example';

describe('pageHead', () => {
  it('titles a page after itself and the site, with its own canonical and hreflang links', () => {
    expect(pageHead(manifest, { language: 'en', route: route('/file/hasher'), origin })).toEqual({
      title: 'en/file/hasher - Baibao',
      description: 'desc',
      keywords: 'kw',
      siteName: 'Baibao',
      locale: 'en_US',
      url: `${origin}/en/file/hasher`,
      alternates: [
        { hreflang: 'zh-CN', href: `${origin}/file/hasher` },
        { hreflang: 'en', href: `${origin}/en/file/hasher` },
        { hreflang: 'x-default', href: `${origin}/file/hasher` },
      ],
      noindex: false,
      manifest: '/en/manifest.webmanifest',
    });
  });

  it('titles home with the subtitle and links it at / and /en', () => {
    const head = pageHead(manifest, { language: 'cn', route: route('/'), origin });
    expect(head).toMatchObject({ title: '百宝箱 - 工具箱', url: `${origin}/` });
    expect(head.alternates[1]).toEqual({ hreflang: 'en', href: `${origin}/en` });
    expect(head.manifest).toBe('/manifest.webmanifest');
  });

  it('falls back to the site title and keeps account pages and unknown paths out of search engines', () => {
    const account = pageHead(manifest, {
      language: 'cn',
      route: route('/user/center/profile', { requireAuth: true, cn: texts('个人资料') }),
      origin,
    });
    expect(account).toMatchObject({ title: '个人资料 - 百宝箱', description: '百宝箱', keywords: '百宝箱', noindex: true });
    const untitled = pageHead(manifest, { language: 'cn', route: route('/hand-write/preview', { noindex: true, cn: texts('') }), origin });
    expect(untitled).toMatchObject({ title: '百宝箱', description: '百宝箱', url: `${origin}/hand-write/preview`, noindex: true });
    const unknown = pageHead(manifest, { language: 'en', route: undefined, origin });
    expect(unknown).toMatchObject({ title: 'Baibao', url: undefined, alternates: [], noindex: true });
  });
});
