export interface AutoHeightBox {
  /** One line of text, in px (the textarea's computed line-height). */
  lineHeight: number;
  /** Top plus bottom padding, px. */
  padding: number;
  /** Top plus bottom border, px. */
  border: number;
  minRows?: number;
  maxRows?: number;
}

/**
 * The border-box height of an auto-sized textarea holding `content` px of text (antd's autoSize):
 * between `minRows` and `maxRows` lines plus padding and border; `scroll` when the text is taller
 * than the box may grow, so only then does the box show a scroll bar.
 */
export function autoHeight(
  content: number,
  { lineHeight, padding, border, minRows, maxRows }: AutoHeightBox,
): { height: number; scroll: boolean } {
  const edge = padding + border;
  const min = minRows === undefined ? 0 : minRows * lineHeight + edge;
  const max = maxRows === undefined ? Infinity : maxRows * lineHeight + edge;
  const wanted = content + edge;
  return { height: Math.min(Math.max(wanted, min), max), scroll: wanted > max };
}
