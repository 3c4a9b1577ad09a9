import { describe, expect, it } from 'vitest';
import { PIC_HUB_SETTINGS_MAX_LENGTH } from '../contracts/pic-hub-base';
import { activeCdn, CDN_USER_TEMPLATES_MAX, userCdnTemplate, withOneActive } from './cdn';
import { DEFAULT_RENAME_PATTERN } from './rename';
import { defaultPicHubSettings, parseCdnList, parseSettings, settingsFromServer, settingsToServer } from './settings';

describe('defaultPicHubSettings', () => {
  it('is rename HASH with compression on (spec §9), Markdown links and ChinaJsDelivr active', () => {
    const settings = defaultPicHubSettings();
    expect(settings).toMatchObject({
      renameType: 'HASH',
      compression: true,
      linkFormat: 'markdown',
      renamePattern: DEFAULT_RENAME_PATTERN,
    });
    expect(activeCdn(settings.githubCdns).id).toBe('chinaJsDelivr');
    expect(settings.githubCdns.filter((template) => template.active)).toHaveLength(1);
  });

  it('hands out fresh objects, so editing one copy leaves the next alone', () => {
    defaultPicHubSettings().githubCdns[0]!.active = false;
    expect(defaultPicHubSettings().githubCdns[0]!.active).toBe(true);
  });
});

describe('parseSettings', () => {
  it('falls back to the defaults for unreadable input', () => {
    for (const input of [undefined, null, '', '{', '[]', '42', 'null', { renameType: 7 }]) {
      expect(parseSettings(input)).toEqual(defaultPicHubSettings());
    }
  });

  it('keeps the good fields and replaces only the bad ones', () => {
    const settings = parseSettings(
      JSON.stringify({
        renameType: 'CUST',
        renamePattern: '{nope}',
        compression: 'yes',
        linkFormat: 'ubb',
        compressPresetId: 'p1',
        watermarkPresetId: 42,
        extra: 'from a newer client',
      }),
    );
    expect(settings).toEqual({ ...defaultPicHubSettings(), renameType: 'CUST', linkFormat: 'ubb', compressPresetId: 'p1' });
  });

  it('keeps valid user templates and their active flag, drops broken ones, and takes built-in URLs from the code', () => {
    const list = parseCdnList([
      { id: 'jsDelivr', active: false, tpl: 'https://evil.example/{path}' },
      { id: 'u1', name: 'Mine', tpl: 'https://img.example.com/{path}', isBuiltin: true, active: true },
      { id: 'u2', name: 'No path', tpl: 'https://img.example.com/' },
      { id: 'u3', name: 'mine', tpl: 'https://other.example.com/{path}' },
      { id: 'u4', name: 'Script', tpl: 'javascript:alert(1)//{path}' },
      'junk',
    ]);
    expect(list.map((template) => template.id)).toEqual(['chinaJsDelivr', 'jsDelivr', 'statically', 'githubRaw', 'u1']);
    expect(list.find((template) => template.id === 'jsDelivr')!.tpl).toBe('https://cdn.jsdelivr.net/gh/{owner}/{repo}@{branch}/{path}');
    expect(list.find((template) => template.id === 'u1')).toEqual({
      id: 'u1',
      name: 'Mine',
      tpl: 'https://img.example.com/{path}',
      isBuiltin: false,
      active: true,
    });
  });

  it('keeps at most the allowed number of user templates', () => {
    const many = Array.from({ length: 30 }, (_, n) => ({ id: `u${n}`, name: `T${n}`, tpl: `https://t${n}.example/{path}` }));
    expect(parseCdnList(many).filter((template) => !template.isBuiltin)).toHaveLength(CDN_USER_TEMPLATES_MAX);
  });
});

describe('the server texts', () => {
  it('round-trip, with a user template active', () => {
    const settings = {
      ...defaultPicHubSettings(),
      renameType: 'TIMESTAMP' as const,
      compression: false,
      linkFormat: 'html' as const,
      watermarkPresetId: 'w1',
    };
    settings.githubCdns = withOneActive([...settings.githubCdns, userCdnTemplate('u1', 'Mine', 'https://img.example.com/{path}')], 'u1');
    const texts = settingsToServer(settings);
    expect(JSON.parse(texts.settings)).not.toHaveProperty('githubCdns');
    expect(texts.githubCdns).not.toContain('jsdelivr.net');
    expect(settingsFromServer(texts)).toEqual(settings);
  });

  it('stay within the server limit even with every user template at its longest', () => {
    const settings = defaultPicHubSettings();
    const long = (n: number) => `https://t${n}.example/${'x'.repeat(470)}/{path}`;
    settings.githubCdns.push(
      ...Array.from({ length: CDN_USER_TEMPLATES_MAX }, (_, n) => userCdnTemplate(`${'i'.repeat(20)}${n}`, 'N'.repeat(38) + n, long(n))),
    );
    const texts = settingsToServer(parseSettings(JSON.stringify(settings)));
    expect(texts.githubCdns.length + texts.settings.length).toBeLessThan(PIC_HUB_SETTINGS_MAX_LENGTH);
  });

  it('a user without saved settings gets the defaults', () => {
    expect(settingsFromServer(null)).toEqual(defaultPicHubSettings());
    expect(settingsFromServer({ settings: null, githubCdns: null })).toEqual(defaultPicHubSettings());
  });
});
