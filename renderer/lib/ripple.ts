import type { PointerEvent } from 'react';
import './ripple.css';

/** Spec §9's ripple defaults: how far the wave spreads (px, its radius) and how long it takes. */
export const RIPPLE_SPREAD_PX = 400;
export const RIPPLE_DURATION_S = 0.8;

/**
 * Starts the press wave of a `.bb-ripple` element where the pointer went down. The wave itself is
 * CSS (ripple.css: a keyframe on ::after, none under prefers-reduced-motion); this only places
 * it and restarts the animation for each press.
 */
export function startRipple(event: PointerEvent<HTMLElement>): void {
  const element = event.currentTarget;
  const box = element.getBoundingClientRect();
  element.style.setProperty('--bb-ripple-x', `${event.clientX - box.left}px`);
  element.style.setProperty('--bb-ripple-y', `${event.clientY - box.top}px`);
  element.classList.remove('bb-ripple--active');
  // Reading layout between removing and adding the class makes the browser start the animation again.
  void element.offsetWidth;
  element.classList.add('bb-ripple--active');
}
