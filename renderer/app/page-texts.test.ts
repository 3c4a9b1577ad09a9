import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { resources } from '@/i18n/resources';
import * as backOffice from '@/pages/admin/locales';
import * as account from '@/pages/user/locales';
import { loadNamespace } from './page-texts';

describe('account and back-office texts', () => {
  it('are no part of the first chunk', () => {
    expect(Object.keys(resources.cn)).not.toContain('account');
    expect(Object.keys(resources.cn)).not.toContain('backOffice');
    expect(i18n.exists('account:fields.account', { lng: 'cn' })).toBe(false);
  });

  it('load with their page, in both languages', async () => {
    await Promise.all([loadNamespace('account'), loadNamespace('backOffice')]);
    for (const language of ['cn', 'en'] as const) {
      expect(i18n.getResourceBundle(language, 'account')).toEqual(account[language]);
      expect(i18n.getResourceBundle(language, 'backOffice')).toEqual(backOffice[language]);
    }
    expect(i18n.t('account:fields.account', { lng: 'en' })).toBe('User name or email');
    expect(i18n.t('backOffice:users.title', { lng: 'cn' })).toBe('用户管理');
  });
});
