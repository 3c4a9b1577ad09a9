/**
 * Past this many characters a text box stops growing with its content: the browser measures an
 * auto-sized textarea by laying out all of its text again, which takes seconds per keystroke for a
 * multi-MB paste. Below it the boxes fit what they hold.
 */
const AUTO_SIZE_LIMIT = 50_000;

export const boxSize = (text: string, minRows: number, maxRows: number) =>
  text.length > AUTO_SIZE_LIMIT ? { rows: maxRows } : { autoSize: { minRows, maxRows } };
