import { describe, expect, it } from 'vitest';
import { EMPTY_WELFARE } from '@shared/contracts/site-content-base';
import { siteContentFrom } from './site-content';

describe('siteContentFrom', () => {
  it('reads both configs out of the list answer', () => {
    const item = { title: '红包', payload: 'https://r.example.com/1', image: 'https://r.example.com/logo.png', note: '每日一次' };
    expect(
      siteContentFrom({
        data: [
          { code: 'enterprise', value: { name: '工作室', email: 'a@b.example' } },
          { code: 'welfare', value: { ...EMPTY_WELFARE, coupons: [item] } },
        ],
      }),
    ).toEqual({ welfare: { ...EMPTY_WELFARE, coupons: [item] }, enterprise: { name: '工作室', email: 'a@b.example' } });
  });

  it('keeps a page whole on an answer of another shape: nothing shown rather than a crash', () => {
    for (const answer of [null, 'Bad gateway', { data: 'x' }, { data: [{ code: 'welfare', value: { payApp: 'no' } }] }]) {
      expect(siteContentFrom(answer)).toEqual({ welfare: EMPTY_WELFARE, enterprise: {} });
    }
  });

  it('drops items without a title or payload, a picture that is not http(s), and unknown or blank enterprise fields', () => {
    const answer = {
      data: [
        {
          code: 'welfare',
          value: {
            payApp: [{ title: 'a' }, { title: 'b', payload: 'p', image: 'javascript:alert(1)' }, 7],
            lottery: [{ title: 'x', payload: 'y' }],
          },
        },
        { code: 'enterprise', value: { name: ' ', phone: '123', fax: '456' } },
      ],
    };
    expect(siteContentFrom(answer)).toEqual({
      welfare: { ...EMPTY_WELFARE, payApp: [{ title: 'b', payload: 'p' }] },
      enterprise: { phone: '123' },
    });
  });
});
