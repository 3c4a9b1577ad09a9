import { create } from 'zustand';
import type { LayoutOffset } from '@/tools/types';

/** Spec §3 page state: what the current route says about the head, the layout and the request chain. */
export interface PageState {
  headTitle: string;
  headDesc: string;
  headKeywords: string;
  headerProgress: boolean;
  isMobileSize: boolean;
  topicId: number;
  requestId: string;
  layoutOffset: LayoutOffset;
  online: boolean;
  set(patch: Partial<Omit<PageState, 'set'>>): void;
}

export const MOBILE_MAX_WIDTH = 768;

export const usePageState = create<PageState>()((set) => ({
  headTitle: '',
  headDesc: '',
  headKeywords: '',
  headerProgress: false,
  isMobileSize: typeof window !== 'undefined' && window.innerWidth < MOBILE_MAX_WIDTH,
  topicId: 0,
  requestId: '',
  layoutOffset: 2,
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  set: (patch) => set(patch),
}));
