import { describe, expect, it } from 'vitest';
import { textAssistant } from './text-assistant.service';

describe('text-assistant service', () => {
  it('trims its input', () => {
    expect(textAssistant('  x  ')).toBe('x');
  });
});
