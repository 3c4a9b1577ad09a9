import { describe, expect, it } from 'vitest';
import { cn, en } from './locales';
import { MAX_GENERIC_TIPS, tipsFor } from './tips';

describe('tipsFor', () => {
  it('tells a file tool that keeps files local about dropping and privacy', () => {
    expect(tipsFor({ tool: { uploads: false }, dropZone: true })).toEqual(['dropFiles', 'privacy', 'offline']);
  });

  it('never promises privacy on a tool that uploads: it says where the files go', () => {
    const tips = tipsFor({ tool: { uploads: true }, dropZone: true });
    expect(tips).toContain('uploads');
    expect(tips).not.toContain('privacy');
    expect(tipsFor({ tool: { uploads: true }, dropZone: false })).toEqual(['uploads', 'offline']);
  });

  it('offers no file tips where the page has no drop zone', () => {
    const tips = tipsFor({ tool: { uploads: false }, dropZone: false });
    expect(tips).not.toContain('dropFiles');
    expect(tips).not.toContain('privacy');
    expect(tips.length).toBeGreaterThanOrEqual(1);
  });

  it('points to the search on a page that is not a tool', () => {
    expect(tipsFor({ dropZone: false })[0]).toBe('search');
    expect(tipsFor({ dropZone: true })).not.toContain('dropFiles');
  });

  it('keeps within the panel’s room, and every tip has its text in both languages', () => {
    for (const tool of [undefined, { uploads: false }, { uploads: true }])
      for (const dropZone of [false, true]) {
        const tips = tipsFor({ tool, dropZone });
        expect(tips.length).toBeLessThanOrEqual(MAX_GENERIC_TIPS);
        for (const tip of tips) {
          expect(cn.tips[tip]).toBeTruthy();
          expect(en.tips[tip]).toBeTruthy();
        }
      }
  });
});
