import { describe, expect, it } from 'vitest';
import * as components from '@/components/locales';
import * as http from '@/http/locales';
import * as backOffice from '@/pages/admin/locales';
import * as account from '@/pages/user/locales';
import { en as commonEn } from './locales/common-en';
import { resources as eager } from './resources';

/** The first chunk's texts and those added later, the shell's English ones included (see resources.ts). */
const resources = {
  cn: { common: { ...eager.cn.common, http: http.cn }, components: components.cn, account: account.cn, backOffice: backOffice.cn },
  en: { common: { ...commonEn, http: http.en }, components: components.en, account: account.en, backOffice: backOffice.en },
};

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locale resources', () => {
  it('has the same namespaces in cn and en', () => {
    expect(Object.keys(resources.en).sort()).toEqual(Object.keys(resources.cn).sort());
  });

  it.each(Object.keys(resources.cn))('namespace %s has every key in both languages, none empty', (namespace) => {
    const cn = resources.cn[namespace as keyof typeof resources.cn];
    const en = resources.en[namespace as keyof typeof resources.en];
    expect(leafKeys(en).sort()).toEqual(leafKeys(cn).sort());
    for (const key of leafKeys(en)) {
      const text = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    }
  });

  it('keeps the spec’s exact Chinese messages', () => {
    expect(resources.cn.common.messages.copySuccess).toBe('复制成功');
    expect(resources.cn.common.messages.tableEmpty).toBe('暂无数据');
    expect(resources.cn.common.messages.emptyTip).toBe('没有数据...');
    expect(resources.cn.common.messages.loading).toBe('努力加载中...');
  });
});
