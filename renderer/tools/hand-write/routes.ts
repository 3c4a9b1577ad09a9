/** The generator and its full-size page view (spec §2's internal /hand-write/preview). */
export const GENERATOR_PATH = '/hand-write/generate';
export const PREVIEW_PATH = '/hand-write/preview';

/** The page number asked for (`?page=N`, 1-based); anything else is page 1. */
export function requestedPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The preview route's address for page `index` (0-based). */
export const previewHref = (index: number) => `${PREVIEW_PATH}?page=${index + 1}`;
