import { describe, expect, it } from 'vitest';
import { bookLibrary } from './book-library.service';

describe('book-library service', () => {
  it('trims its input', () => {
    expect(bookLibrary('  x  ')).toBe('x');
  });
});
