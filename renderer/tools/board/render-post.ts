import { createPostRenderer } from './board.service';

/** The page's renderer, bound to its window (tests bind jsdom's through createPostRenderer). */
export const renderPost = createPostRenderer(window);
