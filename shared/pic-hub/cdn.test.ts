import { describe, expect, it } from 'vitest';
import {
  activeCdn,
  BUILTIN_CDN_ORIGINS,
  BUILTIN_CDN_TEMPLATES,
  checkCdnName,
  checkCdnTemplate,
  hubFileUrl,
  renderCdnUrl,
  userCdnTemplate,
  withOneActive,
} from './cdn';

const FILE = { owner: 'me', repo: 'pics', branch: 'main', path: 'img/2026/截图 (1).webp' };
const byId = (id: string) => BUILTIN_CDN_TEMPLATES.find((template) => template.id === id)!.tpl;

describe('renderCdnUrl', () => {
  it('fills each built-in template, the path percent-encoded by segment', () => {
    const path = 'img/2026/%E6%88%AA%E5%9B%BE%20%281%29.webp';
    expect(renderCdnUrl(byId('chinaJsDelivr'), FILE)).toBe(`https://cdn.jsdmirror.com/gh/me/pics@main/${path}`);
    expect(renderCdnUrl(byId('jsDelivr'), FILE)).toBe(`https://cdn.jsdelivr.net/gh/me/pics@main/${path}`);
    expect(renderCdnUrl(byId('statically'), FILE)).toBe(`https://cdn.statically.io/gh/me/pics/main/${path}`);
    expect(renderCdnUrl(byId('githubRaw'), FILE)).toBe(`https://raw.githubusercontent.com/me/pics/main/${path}`);
  });

  it('keeps a branch with slashes as segments and encodes what could break out', () => {
    expect(
      renderCdnUrl('https://x/{owner}/{repo}/{branch}/{path}', { owner: 'a?b', repo: 'r#', branch: 'feature/x', path: '/a.png' }),
    ).toBe('https://x/a%3Fb/r%23/feature/x/a.png');
  });

  it("reads PicGo's double-brace rules", () => {
    expect(renderCdnUrl('https://x/gh/{{owner}}/{{repo}}@{{branch}}/{{path}}', FILE)).toMatch(
      /^https:\/\/x\/gh\/me\/pics@main\/img\/2026\//,
    );
  });

  it('the ChinaJsDelivr template is the default and the origins list holds each built-in host', () => {
    expect(BUILTIN_CDN_TEMPLATES.filter((template) => template.active).map((template) => template.id)).toEqual(['chinaJsDelivr']);
    expect(BUILTIN_CDN_ORIGINS).toEqual([
      'https://cdn.jsdmirror.com',
      'https://cdn.jsdelivr.net',
      'https://cdn.statically.io',
      'https://raw.githubusercontent.com',
    ]);
  });
});

describe('checkCdnTemplate', () => {
  it('accepts http(s) URLs with {path} and gives a reason for the rest', () => {
    expect(checkCdnTemplate('https://img.example.com/{path}')).toEqual({ ok: true });
    expect(checkCdnTemplate('http://127.0.0.1:8080/{owner}/{repo}/{branch}/{path}')).toEqual({ ok: true });
    expect(checkCdnTemplate('  ')).toEqual({ ok: false, error: 'empty' });
    expect(checkCdnTemplate(`https://x/${'a'.repeat(500)}/{path}`)).toEqual({ ok: false, error: 'tooLong' });
    expect(checkCdnTemplate('https://x/{owner}')).toEqual({ ok: false, error: 'noPath' });
    expect(checkCdnTemplate('https://{path}.example.com/')).toEqual({ ok: false, error: 'noPath' });
    expect(checkCdnTemplate('https://x/{file}')).toEqual({ ok: false, error: 'unknownToken', token: '{file}' });
    expect(checkCdnTemplate('ftp://x/{path}')).toEqual({ ok: false, error: 'badProtocol' });
    expect(checkCdnTemplate('javascript:alert(1)//{path}')).toEqual({ ok: false, error: 'badProtocol' });
    expect(checkCdnTemplate('not a url/{path}')).toEqual({ ok: false, error: 'notUrl' });
  });
});

describe('checkCdnName', () => {
  it('wants a short name no other template has', () => {
    expect(checkCdnName('Mine', BUILTIN_CDN_TEMPLATES)).toBeUndefined();
    expect(checkCdnName(' ', BUILTIN_CDN_TEMPLATES)).toBe('empty');
    expect(checkCdnName('x'.repeat(41), BUILTIN_CDN_TEMPLATES)).toBe('tooLong');
    expect(checkCdnName('jsdelivr', BUILTIN_CDN_TEMPLATES)).toBe('taken');
    expect(checkCdnName('jsDelivr', BUILTIN_CDN_TEMPLATES, 'jsDelivr')).toBeUndefined();
  });
});

describe('withOneActive', () => {
  const list = [...BUILTIN_CDN_TEMPLATES, userCdnTemplate('u1', ' Mine ', 'https://x/{{path}}')];

  it('makes exactly the chosen one active', () => {
    const next = withOneActive(list, 'u1');
    expect(next.filter((template) => template.active).map((template) => template.id)).toEqual(['u1']);
    expect(activeCdn(next).tpl).toBe('https://x/{path}');
    expect(next.find((template) => template.id === 'u1')!.name).toBe('Mine');
  });

  it('falls back to ChinaJsDelivr for an unknown id, and to the first when that is gone too', () => {
    expect(activeCdn(withOneActive(list, 'gone')).id).toBe('chinaJsDelivr');
    expect(activeCdn(withOneActive(list.slice(1), 'gone')).id).toBe('jsDelivr');
  });
});

describe('hubFileUrl', () => {
  const file = { type: 'GITHUB' as const, config: JSON.stringify({ owner: 'me', repo: 'pics', branch: 'main' }), path: 'a.png' };

  it("builds a GitHub file's link from its config, and takes other types' own link", () => {
    expect(hubFileUrl(file, { tpl: byId('jsDelivr') })).toBe('https://cdn.jsdelivr.net/gh/me/pics@main/a.png');
    expect(hubFileUrl({ type: 'IMGUR', config: '{}', path: '', link: 'https://i.imgur.com/x.png' }, { tpl: byId('jsDelivr') })).toBe(
      'https://i.imgur.com/x.png',
    );
  });

  it('gives no link for a damaged config', () => {
    expect(hubFileUrl({ ...file, config: '{' }, { tpl: byId('jsDelivr') })).toBeUndefined();
    expect(hubFileUrl({ ...file, config: '{"owner":"me"}' }, { tpl: byId('jsDelivr') })).toBeUndefined();
    expect(hubFileUrl({ ...file, config: 'null' }, { tpl: byId('jsDelivr') })).toBeUndefined();
  });
});
