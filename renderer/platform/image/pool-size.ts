/**
 * How many image workers a device with `cores` logical cores gets: one per core but one, at least
 * one, at most four. The core left over is the page's: with every core encoding (wasm AVIF runs
 * seconds per photo) the UI thread waited its turn and a batch froze the page for up to a second at
 * a time. At most four because each worker holds up to two full-size surfaces of its image (a 50 MP
 * photo is 200 MB per surface): more would trade speed for crashed tabs.
 */
export const imageWorkerCount = (cores: number | undefined): number => Math.max(1, Math.min(4, (cores ?? 2) - 1));
