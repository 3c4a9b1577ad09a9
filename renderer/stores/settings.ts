import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { check, isBoolean, isOneOf, isString } from '@/lib/field-checks';
import { persistedSettings } from '@/lib/persisted-settings';
import type { FieldSchemas } from '@/lib/persisted-settings';

export type LayoutMode = 'side' | 'top';
export type ThemeMode = 'light' | 'dark' | 'system';

/** Spec §3 user settings, plus theme. Kept locally; the accounts work syncs them to the server when logged in. */
export interface UserSettings {
  layoutMode: LayoutMode;
  sideCollapsed: boolean;
  footerFixed: boolean;
  assistantModel: string;
  consoleVisible: boolean;
  floatMenuVisible: boolean;
  theme: ThemeMode;
  /** The animated assistant in the corner. This device's only: the account sync leaves it out (docs/furniture.md). */
  assistantVisible: boolean;
  /** How far the user dragged the assistant up from its corner, in px; this device's only, as assistantVisible. */
  assistantLift: number;
}

export const DEFAULT_SETTINGS: UserSettings = {
  layoutMode: 'side',
  sideCollapsed: false,
  footerFixed: false,
  assistantModel: 'default',
  consoleVisible: false,
  floatMenuVisible: true,
  theme: 'system',
  assistantVisible: true,
  assistantLift: 0,
};

const fields: FieldSchemas<UserSettings> = {
  layoutMode: isOneOf(['side', 'top']),
  sideCollapsed: isBoolean,
  footerFixed: isBoolean,
  assistantModel: isString,
  consoleVisible: isBoolean,
  floatMenuVisible: isBoolean,
  theme: isOneOf(['light', 'dark', 'system']),
  assistantVisible: isBoolean,
  assistantLift: check((value): value is number => typeof value === 'number' && value >= 0 && value <= 10_000),
};

interface SettingsStore extends UserSettings {
  update(patch: Partial<UserSettings>): void;
  reset(): void;
}

export const useSettings = create<SettingsStore>()(
  persist(
    (set) => ({
      ...DEFAULT_SETTINGS,
      update: (patch) => set(patch),
      reset: () => set(DEFAULT_SETTINGS),
    }),
    persistedSettings({
      key: 'baibao:settings',
      pick: ({
        layoutMode,
        sideCollapsed,
        footerFixed,
        assistantModel,
        consoleVisible,
        floatMenuVisible,
        theme,
        assistantVisible,
        assistantLift,
      }): UserSettings => ({
        layoutMode,
        sideCollapsed,
        footerFixed,
        assistantModel,
        consoleVisible,
        floatMenuVisible,
        theme,
        assistantVisible,
        assistantLift,
      }),
      fields,
    }),
  ),
);
