/**
 * The text of the answer being streamed, kept outside React's state: a delta re-renders the answer
 * alone, never the page and its other messages, and the answer hears of deltas at most once per
 * animation frame (they arrive far more often). The page's state receives the text once, at the end.
 */
export class AnswerStream {
  #text = '';
  #frame = 0;
  readonly #listeners = new Set<() => void>();

  append(delta: string): void {
    this.#text += delta;
    this.#frame ||= requestAnimationFrame(() => {
      this.#frame = 0;
      for (const listener of this.#listeners) listener();
    });
  }

  /** Drops a pending frame: the finished answer is drawn from the page's state. */
  end(): void {
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  readonly text = (): string => this.#text;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  };
}
