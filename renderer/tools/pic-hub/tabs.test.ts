import { describe, expect, it } from 'vitest';
import { PIC_HUB_TABS, tabOf } from './tabs';

describe('tabOf', () => {
  it('opens the tab a link names', () => {
    for (const tab of PIC_HUB_TABS) expect(tabOf(tab)).toBe(tab);
  });

  it('falls back to the upload tab for a missing or unknown value', () => {
    expect(tabOf(null)).toBe('upload');
    expect(tabOf('')).toBe('upload');
    expect(tabOf('Gallery')).toBe('upload');
    expect(tabOf('settings')).toBe('upload');
  });
});
