/**
 * The overlay contract's plain values (anchors, fonts, the logo limit), without the zod schemas of
 * ./image-overlay.ts, which re-exports them: the watermark page takes these on its first load, and
 * importing them from the schema module would bring zod classic along (~28 KB gz).
 */

/** The 9-grid anchors, row by row. */
export const OVERLAY_ANCHORS = [
  'top-left',
  'top',
  'top-right',
  'left',
  'center',
  'right',
  'bottom-left',
  'bottom',
  'bottom-right',
] as const;
export type OverlayAnchor = (typeof OVERLAY_ANCHORS)[number];
/** An anchor, or `tile`: the mark repeated over the whole image. */
export const OVERLAY_POSITIONS = [...OVERLAY_ANCHORS, 'tile'] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** Generic families; each maps to a list of installed fonts with CJK ones (shared/image/overlay-fonts.ts). */
export const OVERLAY_FONTS = ['sans', 'serif', 'kai', 'mono'] as const;
export type OverlayFont = (typeof OVERLAY_FONTS)[number];

/** A logo travels inside the job (over IPC on the desktop); 8 MB is far more than any logo needs. */
export const MAX_LOGO_BYTES = 8 * 1024 * 1024;
