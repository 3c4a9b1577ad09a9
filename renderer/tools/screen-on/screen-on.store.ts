import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { isOneOf } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import { isNumber } from '@/lib/shape-checks';

export const TIMER_PRESETS = [15, 30, 60, 120] as const;
export const MAX_MINUTES = 1440;
export type TimerChoice = 'none' | 'custom' | (typeof TIMER_PRESETS)[number];

interface State {
  /** The last timer choice, kept for the next visit. */
  choice: TimerChoice;
  customMinutes: number;
  setChoice: (choice: TimerChoice) => void;
  setCustomMinutes: (minutes: number) => void;
}

/** How many minutes the chosen timer runs; undefined for none. */
export const timerMinutes = ({ choice, customMinutes }: Pick<State, 'choice' | 'customMinutes'>) =>
  choice === 'none' ? undefined : choice === 'custom' ? customMinutes : choice;

export const useScreenOnSettings = create<State>()(
  persist(
    (set) => ({
      choice: 'none',
      customMinutes: 45,
      setChoice: (choice) => set({ choice }),
      setCustomMinutes: (customMinutes) => set({ customMinutes }),
    }),
    persistedSettings({
      key: 'baibao:screen-on',
      pick: ({ choice, customMinutes }) => ({ choice, customMinutes }),
      fields: {
        choice: isOneOf(['none', 'custom', ...TIMER_PRESETS]),
        customMinutes: isNumber({ min: 1, max: MAX_MINUTES, integer: true }),
      },
    }),
  ),
);
