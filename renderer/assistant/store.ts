import { create } from 'zustand';

/**
 * Whether the assistant's panel is open. In the first chunk (the floating menu opens it before the
 * assistant's own chunk may have loaded), so it holds nothing else.
 */
export const useAssistant = create<{ open: boolean; show(): void; close(): void }>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  close: () => set({ open: false }),
}));
