import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('ripple.css', () => {
  const css = readFileSync(new URL('./ripple.css', import.meta.url), 'utf8');

  it("spreads spec §9's wave: 400 px in 0.8 s once the press ends", () => {
    expect(css).toMatch(
      /\.bb-ripple::after \{[^}]*clip-path: circle\(400px at 50% 50%\);[^}]*clip-path 0\.8s ease-out,\s*opacity 0\.8s ease-out;/,
    );
    expect(css).toMatch(/\.bb-ripple:active::after \{[^}]*clip-path: circle\(0 at 50% 50%\);\s*transition: none;/);
  });

  it('moves nothing under prefers-reduced-motion', () => {
    expect(css).toMatch(/@media \(prefers-reduced-motion: reduce\) \{\s*\.bb-ripple::after \{\s*transition: none;/);
  });
});
