import { describe, expect, it } from 'vitest';
import { localizeDefaults } from './local-defaults';

const defaultsIn = (language: 'cn' | 'en') => (language === 'cn' ? { text: '百', name: '百宝箱' } : { text: 'B', name: 'Baibao' });

describe('localizeDefaults', () => {
  it('moves untouched defaults to the new language and keeps typed text', () => {
    expect(localizeDefaults({ text: '百', name: 'My shop', colour: '#fff' }, defaultsIn, 'en')).toEqual({
      text: 'B',
      name: 'My shop',
      colour: '#fff',
    });
    expect(localizeDefaults({ text: 'B', name: 'Baibao' }, defaultsIn, 'cn')).toEqual({ text: '百', name: '百宝箱' });
  });

  it('returns the same object when nothing changes, so stores do not re-render', () => {
    const value = { text: 'X', name: 'Baibao' };
    expect(localizeDefaults(value, defaultsIn, 'en')).toBe(value);
  });
});
