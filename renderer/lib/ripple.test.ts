import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RIPPLE_DURATION_S, RIPPLE_SPREAD_PX } from './ripple';

describe('ripple', () => {
  it("draws spec §9's wave: the stylesheet spreads RIPPLE_SPREAD_PX in RIPPLE_DURATION_S, and not under reduced motion", () => {
    const css = readFileSync(new URL('./ripple.css', import.meta.url), 'utf8');
    expect([RIPPLE_SPREAD_PX, RIPPLE_DURATION_S]).toEqual([400, 0.8]);
    expect(css).toContain(`animation: bb-ripple ${RIPPLE_DURATION_S}s ease-out;`);
    expect(css).toContain(`clip-path: circle(${RIPPLE_SPREAD_PX}px at var(--bb-ripple-x, 50%) var(--bb-ripple-y, 50%));`);
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.bb-ripple--active::after \{\s*animation: none;/);
  });
});
