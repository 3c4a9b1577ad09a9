// Writes the installed app's PNG icons (resources/public/icons) from the logo, resources/public/favicon.svg.
// Run after changing the logo: `npx tsx scripts/make-pwa-icons.ts`; the PNGs are committed.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { THEME_COLORS } from '../shared/pwa/web-manifest';

const publicDir = fileURLToPath(new URL('../resources/public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`);
mkdirSync(`${publicDir}icons`, { recursive: true });

/** The logo scaled to `scale` of a `size` square, on `background` (transparent when undefined). */
async function icon(file: string, size: number, scale: number, background?: string): Promise<void> {
  const inner = Math.round(size * scale);
  const drawn = await sharp(logo, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  await sharp({ create: { width: size, height: size, channels: 4, background: background ?? { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: drawn, gravity: 'centre' }])
    .png({ compressionLevel: 9, palette: true })
    .toFile(`${publicDir}icons/${file}`);
}

await icon('icon-192.png', 192, 1);
await icon('icon-512.png', 512, 1);
// Maskable: launchers crop to any shape inside the central 80 % circle, so the logo keeps to 60 %.
await icon('maskable-512.png', 512, 0.6, THEME_COLORS.light.theme);
// iOS fills transparency with black: an opaque tile with a margin.
await icon('apple-touch-icon.png', 180, 0.8, THEME_COLORS.light.theme);
