/** The zoom steps of /doc/preview's toolbar, shared by the page's zoom buttons and the toolbar's list. */
export const ZOOMS = [0.5, 0.75, 0.9, 1, 1.25, 1.5, 2];
