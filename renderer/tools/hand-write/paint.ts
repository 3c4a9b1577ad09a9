import type { PageLayout, PaperGeometry, PlacedGlyph } from '@shared/handwriting';

type Context = OffscreenCanvasRenderingContext2D;

export interface Ink {
  /** CSS font-family list: the chosen font first, system fallbacks for characters it lacks. */
  family: string;
  ink: string;
  paperColor: string;
  ruleColor: string;
  background?: ImageBitmap;
  /** Advance of a character in em, as the layout measured it. */
  measure: (ch: string) => number;
}

/** Where the alphabetic baseline sits under a glyph's centre, in em (as in the layout). */
const CENTRE_ABOVE_BASELINE = 0.38;

/** Draws one page at `scale` pixels per millimetre. */
export function paintPage(ctx: Context, paper: PaperGeometry, page: PageLayout, scale: number, ink: Ink, seed: number): void {
  const { width, height } = paper.page;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = ink.paperColor;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  if (ink.background) cover(ctx, ink.background, ctx.canvas.width, ctx.canvas.height);
  ctx.scale(scale, scale);
  paintPaper(ctx, paper, ink.ruleColor, width, height, scale);
  ctx.fillStyle = ink.ink;
  ctx.strokeStyle = ink.ink;
  ctx.textBaseline = 'alphabetic';
  for (const glyph of page.glyphs) paintGlyph(ctx, glyph, ink, seed);
  ctx.globalAlpha = 1;
}

function cover(ctx: Context, image: ImageBitmap, width: number, height: number): void {
  const ratio = Math.max(width / image.width, height / image.height);
  const w = image.width * ratio;
  const h = image.height * ratio;
  ctx.drawImage(image, (width - w) / 2, (height - h) / 2, w, h);
}

function paintPaper(ctx: Context, paper: PaperGeometry, colour: string, width: number, height: number, scale: number): void {
  const { margins } = paper;
  ctx.strokeStyle = colour;
  // At least one device pixel, about a fine pen's 0.2 mm at print sizes.
  ctx.lineWidth = Math.max(1 / scale, 0.2);
  ctx.beginPath();
  switch (paper.kind) {
    case 'lined':
      for (const y of paper.rules) {
        ctx.moveTo(margins.left / 2, y);
        ctx.lineTo(width - margins.right / 2, y);
      }
      break;
    case 'grid': {
      const right = margins.left + paper.columns * paper.cell;
      const bottom = margins.top + paper.rowTops.length * paper.cell;
      for (let c = 0; c <= paper.columns; c++) {
        ctx.moveTo(margins.left + c * paper.cell, margins.top);
        ctx.lineTo(margins.left + c * paper.cell, bottom);
      }
      for (let r = 0; r <= paper.rowTops.length; r++) {
        ctx.moveTo(margins.left, margins.top + r * paper.cell);
        ctx.lineTo(right, margins.top + r * paper.cell);
      }
      break;
    }
    case 'squares':
      for (const top of paper.rowTops) {
        if (top + paper.cell > height) break;
        ctx.rect(margins.left, top, paper.columns * paper.cell, paper.cell);
        for (let c = 1; c < paper.columns; c++) {
          ctx.moveTo(margins.left + c * paper.cell, top);
          ctx.lineTo(margins.left + c * paper.cell, top + paper.cell);
        }
      }
      break;
    default:
      break;
  }
  ctx.stroke();
}

function paintGlyph(ctx: Context, glyph: PlacedGlyph, ink: Ink, seed: number): void {
  const advance = ink.measure(glyph.ch) * glyph.size;
  const cx = glyph.x + advance / 2;
  const cy = glyph.y - glyph.size * CENTRE_ABOVE_BASELINE;
  ctx.save();
  ctx.globalAlpha = glyph.opacity;
  ctx.translate(cx, cy);
  ctx.rotate(glyph.rotation);
  ctx.font = `${glyph.size}px ${ink.family}`;
  ctx.fillText(glyph.ch, -advance / 2, glyph.size * CENTRE_ABOVE_BASELINE);
  if (glyph.struck) scribble(ctx, advance, glyph.size, seed + Math.round(glyph.x * 1000));
  ctx.restore();
}

/** 涂改: two or three quick, slightly slanted strokes through the mistaken character. */
function scribble(ctx: Context, width: number, size: number, seed: number): void {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 4294967296;
  };
  ctx.globalAlpha = 1;
  ctx.lineWidth = size * 0.09;
  ctx.lineCap = 'round';
  ctx.beginPath();
  const strokes = 2 + Math.floor(next() * 2);
  for (let i = 0; i < strokes; i++) {
    const y = (i - (strokes - 1) / 2) * size * 0.18;
    ctx.moveTo(-width * 0.6, y + (next() - 0.5) * size * 0.15);
    ctx.lineTo(width * 0.6, y + (next() - 0.5) * size * 0.15);
  }
  ctx.stroke();
}
