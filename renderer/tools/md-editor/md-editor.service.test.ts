import { describe, expect, it } from 'vitest';
import { mdEditor } from './md-editor.service';

describe('md-editor service', () => {
  it('trims its input', () => {
    expect(mdEditor('  x  ')).toBe('x');
  });
});
