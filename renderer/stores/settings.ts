import * as z from 'zod/mini';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
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
}

export const DEFAULT_SETTINGS: UserSettings = {
  layoutMode: 'side',
  sideCollapsed: false,
  footerFixed: false,
  assistantModel: 'default',
  consoleVisible: false,
  floatMenuVisible: true,
  theme: 'system',
};

const fields: FieldSchemas<UserSettings> = {
  layoutMode: z.enum(['side', 'top']),
  sideCollapsed: z.boolean(),
  footerFixed: z.boolean(),
  assistantModel: z.string(),
  consoleVisible: z.boolean(),
  floatMenuVisible: z.boolean(),
  theme: z.enum(['light', 'dark', 'system']),
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
      pick: ({ layoutMode, sideCollapsed, footerFixed, assistantModel, consoleVisible, floatMenuVisible, theme }): UserSettings => ({
        layoutMode,
        sideCollapsed,
        footerFixed,
        assistantModel,
        consoleVisible,
        floatMenuVisible,
        theme,
      }),
      fields,
    }),
  ),
);
