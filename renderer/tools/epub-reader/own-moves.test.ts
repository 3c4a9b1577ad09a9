import { describe, expect, it } from 'vitest';
import { ownMoves } from './own-moves';

describe('own moves', () => {
  it('does not count what foliate does while the book opens, whatever it reports', () => {
    const moves = ownMoves();
    expect(moves.relocated('navigation', '/6/2!/4/2')).toBe(false);
    expect(moves.relocated('anchor', '/6/2!/4/8')).toBe(false);
    // Scrolled mode can report a scroll of its own after laying the chapter out.
    expect(moves.relocated('scroll', '/6/2!/4/12')).toBe(false);
  });

  it('counts a turn, a swipe, a scroll or a selection of the reader that leads elsewhere', () => {
    for (const reason of ['page', 'snap', 'scroll', 'selection']) {
      const moves = ownMoves();
      moves.relocated('navigation', '/6/2!/4/2');
      moves.touched();
      expect(moves.relocated(reason, '/6/2!/4/20'), reason).toBe(true);
    }
  });

  it('does not count foliate going somewhere or laying out again after the reader touched the page', () => {
    const moves = ownMoves();
    moves.relocated('navigation', '/6/2!/4/2');
    moves.touched();
    expect(moves.relocated('anchor', '/6/2!/4/6')).toBe(false);
    expect(moves.relocated('navigation', '/6/6!/4/2')).toBe(false);
    expect(moves.relocated(undefined, '/6/6!/4/8')).toBe(false);
  });

  it('does not count a tap that snaps back to the same page', () => {
    const moves = ownMoves();
    moves.relocated('navigation', '/6/2!/4/2');
    moves.touched();
    expect(moves.relocated('snap', '/6/2!/4/2')).toBe(false);
    expect(moves.relocated('snap', '/6/2!/4/10')).toBe(true);
  });

  it('needs a place before the move', () => {
    const moves = ownMoves();
    moves.touched();
    expect(moves.relocated('page', '/6/2!/4/2')).toBe(false);
  });
});
