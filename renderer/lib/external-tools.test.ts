import { describe, expect, it } from 'vitest';
import { externalToolsFrom } from './external-tools';

describe('externalToolsFrom', () => {
  it('keeps the configured http(s) hosts in the spec order: player, screen recorder, colour picker', () => {
    const answer = {
      code: 0,
      data: { code: 'externalTools', value: { colorPicker: 'https://color.example/', player: 'http://127.0.0.1:4000/p' } },
    };
    expect(externalToolsFrom(answer)).toEqual([
      { id: 'player', url: 'http://127.0.0.1:4000/p' },
      { id: 'colorPicker', url: 'https://color.example/' },
    ]);
  });

  it('hides everything else: no config, an empty one, other schemes, unknown keys, junk', () => {
    expect(externalToolsFrom(null)).toEqual([]);
    expect(externalToolsFrom({ data: { value: {} } })).toEqual([]);
    expect(externalToolsFrom({ data: { value: 'x' } })).toEqual([]);
    expect(
      externalToolsFrom({
        data: { value: { player: 'javascript:alert(1)', recorder: 42, colorPicker: 'not a url', other: 'https://x.example' } },
      }),
    ).toEqual([]);
  });
});
