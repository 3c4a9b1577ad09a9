import { describe, expect, it } from 'vitest';
import { isServerMessageKey } from './server-messages';
import { EMPTY_WELFARE, enterpriseInfoSchema, hasEnterpriseInfo, welfareConfigSchema, welfareTabsWithItems } from './site-content';

const item = { title: '支付宝红包', payload: 'https://qr.example.com/pay?c=1' };
const issueKeys = (result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}:${issue.message}`) ?? [];

describe('welfareConfigSchema', () => {
  it('fills missing tabs with none, trims, and drops empty optional fields', () => {
    expect(welfareConfigSchema.parse({ delivery: [{ title: ' 美团 ', payload: 'x', image: '', note: ' ' }] })).toEqual({
      ...EMPTY_WELFARE,
      delivery: [{ title: '美团', payload: 'x' }],
    });
  });

  it('refuses an unknown tab, a missing payload, a javascript: picture and too many items, each with a catalogue key', () => {
    const results = [
      welfareConfigSchema.safeParse({ lottery: [] }),
      welfareConfigSchema.safeParse({ payApp: [{ title: 'a' }] }),
      welfareConfigSchema.safeParse({ payApp: [{ ...item, image: 'javascript:alert(1)' }] }),
      welfareConfigSchema.safeParse({ coupons: Array.from({ length: 9 }, () => item) }),
    ];
    expect(results.map((result) => result.success)).toEqual([false, false, false, false]);
    expect(issueKeys(results[1]!)).toEqual(['payApp.0.payload:siteContent.field.payload']);
    expect(issueKeys(results[2]!)).toEqual(['payApp.0.image:siteContent.field.image']);
    expect(issueKeys(results[3]!)).toEqual(['coupons:siteContent.field.items']);
    for (const result of results)
      for (const issue of result.error!.issues) expect(isServerMessageKey(issue.message), issue.message).toBe(true);
  });

  it('lists only tabs with items, in the spec order', () => {
    expect(welfareTabsWithItems({ ...EMPTY_WELFARE, coupons: [item], payApp: [item] })).toEqual(['payApp', 'coupons']);
    expect(welfareTabsWithItems(EMPTY_WELFARE)).toEqual([]);
  });
});

describe('enterpriseInfoSchema', () => {
  it('keeps filled fields only and refuses unknown ones translated', () => {
    expect(enterpriseInfoSchema.parse({ name: ' 百宝箱工作室 ', phone: '' })).toEqual({ name: '百宝箱工作室' });
    const refused = enterpriseInfoSchema.safeParse({ name: 'x', fax: '1' });
    expect(refused.success).toBe(false);
    for (const issue of refused.error!.issues) expect(isServerMessageKey(issue.message), issue.message).toBe(true);
    expect(hasEnterpriseInfo({ name: ' ' })).toBe(false);
    expect(hasEnterpriseInfo({ email: 'a@b.c' })).toBe(true);
  });
});
