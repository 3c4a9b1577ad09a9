import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegOrientation } from '@shared/image/sniff';
import { metadataSegments, withMetadata } from './jpeg-metadata';

const pixel = () => sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } });

describe('EXIF metadata transplant', () => {
  it('reads the orientation tag and resets it to 1 in the copy', async () => {
    const source = new Uint8Array(await pixel().withMetadata({ orientation: 6 }).jpeg().toBuffer());
    expect(jpegOrientation(source)).toBe(6);
    const bare = new Uint8Array(await pixel().jpeg().toBuffer());
    expect(jpegOrientation(bare)).toBeUndefined();
    const segments = metadataSegments(source);
    expect(segments.length).toBeGreaterThan(0);
    const merged = withMetadata(bare, segments);
    expect(jpegOrientation(merged)).toBe(1);
    // Still a valid JPEG with the EXIF block in it.
    const meta = await sharp(merged).metadata();
    expect(meta.exif).toBeDefined();
    expect(meta.width).toBe(4);
  });
});
