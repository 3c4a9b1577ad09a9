import { createElement } from 'react';
import type { ComponentType } from 'react';

/**
 * Named places in the default layout that later features fill (ad banners, the welfare widget,
 * the animated assistant). A feature registers its component once at startup; until one does,
 * the place renders nothing — no empty boxes, no placeholder text.
 */
export type LayoutSlotName = 'adTop' | 'adBottom' | 'adMini' | 'welfare' | 'assistant';

const slots = new Map<LayoutSlotName, ComponentType>();

export function registerLayoutSlot(name: LayoutSlotName, component: ComponentType): void {
  slots.set(name, component);
}

export function LayoutSlot({ name }: { name: LayoutSlotName }) {
  const filled = slots.get(name);
  return filled ? createElement(filled) : null;
}
