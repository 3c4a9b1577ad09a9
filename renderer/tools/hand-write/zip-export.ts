import { ZipLayout } from '@shared/archive/zip-writer';
import { crc32 } from '@shared/hash/crc32';

/**
 * The pages' PNGs in one zip, stored (method 0): PNG is already deflated, so compressing again would
 * only cost time. Names are zero-padded (page-01.png …) so file managers list them in page order.
 */
export function zipPages(pngs: readonly Uint8Array[], baseName: string, modified = Date.now()): Uint8Array {
  const layout = new ZipLayout();
  const parts: Uint8Array[] = [];
  const width = Math.max(2, String(pngs.length).length);
  pngs.forEach((png, index) => {
    parts.push(
      layout.add({
        path: pageFileName(baseName, index, width),
        directory: false,
        method: 0,
        crc: crc32(png),
        compressedSize: png.length,
        size: png.length,
        modified,
      }),
      png,
    );
  });
  parts.push(layout.finish());
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** `<base>-01.png`: the name of one page's PNG, alone or in the zip. */
export function pageFileName(baseName: string, index: number, width = 2): string {
  return `${baseName}-${String(index + 1).padStart(width, '0')}.png`;
}
