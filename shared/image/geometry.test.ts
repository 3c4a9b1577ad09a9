import { describe, expect, it } from 'vitest';
import { clampCrop, exceedsSide, planResize, rotatedSize, sizeAfter, stepDownSizes } from './geometry';
import { imageOpSchema } from '../contracts/image';
import type { FitMode } from '../contracts/image';

const photo = { width: 4000, height: 3000 };

describe('planResize', () => {
  it('fits inside a width, keeping the ratio, and never enlarges by default', () => {
    expect(planResize(photo, { width: 1920, fit: 'inside', withoutEnlargement: true })).toMatchObject({ width: 1920, height: 1440 });
    expect(planResize(photo, { width: 1000, height: 1000, fit: 'inside', withoutEnlargement: true })).toMatchObject({
      width: 1000,
      height: 750,
    });
    expect(planResize(photo, { width: 8000, fit: 'inside', withoutEnlargement: true })).toMatchObject({ width: 4000, height: 3000 });
    expect(planResize(photo, { width: 8000, fit: 'inside', withoutEnlargement: false })).toMatchObject({ width: 8000, height: 6000 });
  });

  it('covers a box by cropping the centre, and letterboxes with contain', () => {
    const cover = planResize(photo, { width: 1000, height: 1000, fit: 'cover', withoutEnlargement: true });
    expect(cover).toMatchObject({ width: 1000, height: 1000, source: { x: 500, y: 0, width: 3000, height: 3000 } });
    const contain = planResize(photo, { width: 1000, height: 1000, fit: 'contain', withoutEnlargement: true });
    expect(contain).toMatchObject({ width: 1000, height: 1000, target: { x: 0, y: 125, width: 1000, height: 750 } });
    expect(planResize(photo, { width: 100, height: 100, fit: 'fill', withoutEnlargement: true })).toMatchObject({
      width: 100,
      height: 100,
    });
  });
});

describe('stepDownSizes', () => {
  it('halves while the result stays at least twice the target, then lands on the target', () => {
    expect(stepDownSizes({ width: 6000, height: 4000 }, { width: 600, height: 400 })).toEqual([
      { width: 3000, height: 2000 },
      { width: 1500, height: 1000 },
      { width: 600, height: 400 },
    ]);
    expect(stepDownSizes({ width: 1000, height: 800 }, { width: 800, height: 640 })).toEqual([{ width: 800, height: 640 }]);
  });
});

describe('clampCrop and rotatedSize', () => {
  it('clamps a crop to the image and rejects one outside it', () => {
    expect(clampCrop({ width: 100, height: 80 }, { left: 50, top: 60, width: 100, height: 100 })).toEqual({
      left: 50,
      top: 60,
      width: 50,
      height: 20,
    });
    expect(clampCrop({ width: 100, height: 80 }, { left: 100, top: 0, width: 10, height: 10 })).toBeNull();
  });

  it('swaps sides for quarter turns', () => {
    expect(rotatedSize({ width: 3, height: 2 }, 90)).toEqual({ width: 2, height: 3 });
    expect(rotatedSize({ width: 3, height: 2 }, 180)).toEqual({ width: 3, height: 2 });
  });
});

describe('exceedsSide', () => {
  const resize = (width: number, fit: FitMode = 'inside', height?: number) =>
    imageOpSchema.parse({ kind: 'resize', width, height, fit, withoutEnlargement: false });

  it('catches an enlarging resize of a long screenshot before any pixel work', () => {
    expect(sizeAfter({ width: 400, height: 16000 }, resize(1920))).toEqual({ width: 1920, height: 76800 });
    expect(exceedsSide({ width: 400, height: 16000 }, [resize(1920)], 16384)).toBe(true);
    expect(exceedsSide({ width: 1, height: 2 }, [resize(16384, 'outside', 16384)], 16384)).toBe(true);
  });

  it('follows the ops in order: a crop first can make the same resize fit', () => {
    const crop = imageOpSchema.parse({ kind: 'crop', left: 0, top: 0, width: 400, height: 2000 });
    expect(exceedsSide({ width: 400, height: 16000 }, [crop, resize(1920)], 16384)).toBe(false);
    expect(exceedsSide({ width: 6000, height: 4000 }, [resize(1920), imageOpSchema.parse({ kind: 'rotate', angle: 90 })], 16384)).toBe(
      false,
    );
  });

  it('leaves a crop outside the image to the engine', () => {
    expect(
      exceedsSide({ width: 100, height: 100 }, [imageOpSchema.parse({ kind: 'crop', left: 500, top: 0, width: 10, height: 10 })], 16384),
    ).toBe(false);
  });
});
