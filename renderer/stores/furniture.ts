import { create } from 'zustand';

/**
 * Which piece of page furniture is open (issue 19), so the floating menu, a header link or a key
 * can open a dialog or drawer another module draws. `available` says whether the welfare widget
 * has content (the site owner's config): entries that open it hide while it has none.
 */
export type FurniturePanel = 'welfare' | 'personal' | 'enterprise' | 'adScanVisit';

interface FurnitureState {
  open: FurniturePanel | null;
  welfareAvailable: boolean;
  enterpriseAvailable: boolean;
  show(panel: FurniturePanel): void;
  close(): void;
  setAvailability(patch: Partial<Pick<FurnitureState, 'welfareAvailable' | 'enterpriseAvailable'>>): void;
}

export const useFurniture = create<FurnitureState>()((set) => ({
  open: null,
  welfareAvailable: false,
  enterpriseAvailable: false,
  show: (panel) => set({ open: panel }),
  close: () => set({ open: null }),
  setAvailability: (patch) => set(patch),
}));
