import { describe, expect, it } from 'vitest';
import { PREVIEW_LINES, confidenceLevel, encodingGroups, percent, previewLines } from './file-encoding-identify.service';

describe('previewLines', () => {
  it('keeps the first lines and shortens long ones', () => {
    const text = Array.from({ length: 30 }, (_, i) => `line ${i}`).join('\r\n') + 'x'.repeat(500);
    const lines = previewLines(text).split('\n');
    expect(lines).toHaveLength(PREVIEW_LINES);
    expect(previewLines('a'.repeat(500)).endsWith('…')).toBe(true);
  });
});

describe('display helpers', () => {
  it('groups every encoding once, Unicode first', () => {
    const groups = encodingGroups();
    expect(groups[0]?.family).toBe('unicode');
    const names = groups.flatMap((group) => group.names);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Big5');
  });

  it('formats confidence', () => {
    expect(percent(0.934)).toBe('93%');
    expect(confidenceLevel(0.95)).toBe('high');
    expect(confidenceLevel(0.6)).toBe('medium');
    expect(confidenceLevel(0.2)).toBe('low');
  });
});
