import { describe, expect, it } from 'vitest';
import { FULL_BOUNDS, MIN_STRIP_SHARE, planStitch } from '@shared/image/stitch';
import { ImageError } from '@shared/contracts/image';
import {
  clampQuality,
  errorKind,
  imageErrorKind,
  moveById,
  moveEdge,
  outputFileName,
  percent,
  scaledEntries,
  restoreSettings,
  shownBounds,
  stitchInput,
} from './subtitle-stitch.service';
import type { StitchEntry } from './subtitle-stitch.service';

const shared = { top: 0.8, bottom: 1 };
const entries: StitchEntry[] = [
  { id: 'a', name: 'a.png', status: 'ready', size: { width: 320, height: 200 } },
  { id: 'bad', name: 'bad.png', status: 'error' },
  { id: 'b', name: 'b.png', status: 'ready', size: { width: 640, height: 400 }, bounds: { top: 0.5, bottom: 0.6 } },
  { id: 'c', name: 'c.png', status: 'loading' },
  { id: 'd', name: 'd.png', status: 'ready', size: { width: 320, height: 200 } },
];

describe('stitchInput', () => {
  it('takes only the ready screenshots, in order, the first one whole', () => {
    const input = stitchInput(entries, false, shared);
    expect(input.entries.map((entry) => entry.id)).toEqual(['a', 'b', 'd']);
    expect(input.bounds).toEqual([FULL_BOUNDS, shared, shared]);
    expect(planStitch(input.sizes, input.bounds).height).toBe(200 + 40 + 40);
  });

  it('uses own bounds in per-image mode', () => {
    expect(stitchInput(entries, true, shared).bounds).toEqual([FULL_BOUNDS, { top: 0.5, bottom: 0.6 }, shared]);
  });

  it('makes the next ready screenshot whole when the first one failed', () => {
    const input = stitchInput(entries.slice(1), false, shared);
    expect(input.entries[0]?.id).toBe('b');
    expect(input.bounds[0]).toEqual(FULL_BOUNDS);
  });
});

describe('shownBounds', () => {
  it('shows the first image whole and the others by mode', () => {
    expect(shownBounds(0, true, shared, { top: 0.1, bottom: 0.2 })).toEqual(FULL_BOUNDS);
    expect(shownBounds(1, false, shared, { top: 0.1, bottom: 0.2 })).toEqual(shared);
    expect(shownBounds(1, true, shared, { top: 0.1, bottom: 0.2 })).toEqual({ top: 0.1, bottom: 0.2 });
    expect(shownBounds(1, true, shared, undefined)).toEqual(shared);
  });
});

describe('moveEdge', () => {
  it('moves one edge and leaves the other', () => {
    expect(moveEdge({ top: 0.8, bottom: 1 }, 'top', 0.7)).toEqual({ top: 0.7, bottom: 1 });
    expect(moveEdge({ top: 0.8, bottom: 1 }, 'bottom', 0.9)).toEqual({ top: 0.8, bottom: 0.9 });
  });

  it('stops short of the other edge instead of crossing it', () => {
    expect(moveEdge({ top: 0.5, bottom: 0.6 }, 'top', 0.9)).toEqual({ top: 0.6 - MIN_STRIP_SHARE, bottom: 0.6 });
    expect(moveEdge({ top: 0.5, bottom: 0.6 }, 'bottom', 0.1)).toEqual({ top: 0.5, bottom: 0.5 + MIN_STRIP_SHARE });
  });

  it('clamps to the image and ignores NaN', () => {
    expect(moveEdge({ top: 0.5, bottom: 0.6 }, 'top', -3)).toEqual({ top: 0, bottom: 0.6 });
    expect(moveEdge({ top: 0.5, bottom: 0.6 }, 'bottom', 7)).toEqual({ top: 0.5, bottom: 1 });
    expect(moveEdge({ top: 0.5, bottom: 0.6 }, 'bottom', Number.NaN)).toEqual({ top: 0.5, bottom: 0.6 });
  });
});

describe('scaledEntries', () => {
  it('lists the screenshots whose width differs from the first', () => {
    const ready = stitchInput(entries, false, shared).entries;
    expect(scaledEntries(ready).map((entry) => entry.id)).toEqual(['b']);
    expect(scaledEntries([])).toEqual([]);
  });
});

describe('labels and names', () => {
  it('rounds shares to percent', () => {
    expect(percent(0.805)).toBe(81);
    expect(percent(1)).toBe(100);
  });

  it('stamps the file name with the local time and the format’s extension', () => {
    const when = new Date(2026, 10, 21, 9, 5, 7);
    expect(outputFileName('png', when)).toBe('subtitle-stitch-20261121-090507.png');
    expect(outputFileName('jpeg', when)).toBe('subtitle-stitch-20261121-090507.jpg');
  });
});

describe('errorKind', () => {
  it('recognises the worker’s image errors, also after crossing Comlink', () => {
    expect(errorKind(new ImageError('decode'))).toBe('decode');
    expect(errorKind(new ImageError('tooLarge', '100×20000'))).toBe('tooLarge');
    // What Comlink hands back: a plain Error with the original message.
    expect(errorKind(new Error('image:decode: InvalidStateError'))).toBe('decode');
    // A TIFF: a real image no browser decoder here reads, told apart from a damaged file.
    expect(errorKind(new Error('image:unsupportedInput: tiff'))).toBe('unsupportedInput');
    expect(errorKind(new ImageError('cancelled'))).toBe('unknown');
    expect(errorKind(new Error('boom'))).toBe('unknown');
    // libheif could not be downloaded (offline, a stale chunk): not the screenshot's fault.
    expect(errorKind(new Error('image:codecUnavailable: TypeError: Failed to fetch'))).toBe('componentUnavailable');
    expect(errorKind(new TypeError('Failed to fetch dynamically imported module: https://a/assets/heic-x.js'))).toBe(
      'componentUnavailable',
    );
    expect(errorKind('boom')).toBe('unknown');
    // One screenshot too large to read is not the stitched result's fault.
    expect(imageErrorKind(new Error('image:tooLarge: 30000×30000'))).toBe('inputTooLarge');
    expect(imageErrorKind(new Error('image:decode: x'))).toBe('decode');
  });
});

describe('moveById', () => {
  const items = [{ id: '1' }, { id: '2' }, { id: '3' }];
  it('moves an item to the position of another', () => {
    expect(moveById(items, '3', '1').map((item) => item.id)).toEqual(['3', '1', '2']);
    expect(moveById(items, '1', '3').map((item) => item.id)).toEqual(['2', '3', '1']);
  });

  it('leaves the order for unknown or equal ids', () => {
    expect(moveById(items, '1', 'x').map((item) => item.id)).toEqual(['1', '2', '3']);
    expect(moveById(items, '2', '2').map((item) => item.id)).toEqual(['1', '2', '3']);
  });
});

describe('settings', () => {
  const defaults = { perImage: false, shared: { top: 0.8, bottom: 1 }, format: 'png' as const, quality: 90 };

  it('restores valid saved settings', () => {
    const saved = { perImage: true, shared: { top: 0.6, bottom: 0.9 }, format: 'jpeg', quality: 75 };
    expect(restoreSettings(saved, defaults)).toEqual(saved);
  });

  it('falls back field by field for damaged or foreign data', () => {
    expect(restoreSettings(null, defaults)).toEqual(defaults);
    expect(restoreSettings('x', defaults)).toEqual(defaults);
    expect(restoreSettings({ perImage: 'yes', shared: { top: '0.1' }, format: 'gif', quality: 'high' }, defaults)).toEqual(defaults);
    expect(restoreSettings({ shared: { top: 0.95, bottom: 0.2 }, quality: 250 }, defaults)).toEqual({
      ...defaults,
      shared: { top: 0.2, bottom: 0.95 },
      quality: 100,
    });
  });

  it('keeps quality a whole number in 1–100', () => {
    expect(clampQuality(0)).toBe(1);
    expect(clampQuality(80.6)).toBe(81);
    expect(clampQuality(Number.NaN)).toBe(90);
  });
});
