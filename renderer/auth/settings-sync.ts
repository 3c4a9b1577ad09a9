import { z } from 'zod';
import { debounce, DEFAULT_WAIT_MS } from '@/lib/format';
import { useSettings } from '@/stores/settings';
import type { UserSettings } from '@/stores/settings';
import { usersApi } from './api';
import { useSession } from './session';

/** What the server keeps of the settings; unknown or malformed keys from the server are ignored. */
const serverSettingsSchema = z
  .object({
    layoutMode: z.enum(['side', 'top']),
    sideCollapsed: z.boolean(),
    footerFixed: z.boolean(),
    assistantModel: z.string().max(64),
    consoleVisible: z.boolean(),
    floatMenuVisible: z.boolean(),
    theme: z.enum(['light', 'dark', 'system']),
  })
  .partial();

export function parseServerSettings(text: string): Partial<UserSettings> {
  try {
    const parsed = serverSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

function snapshot(state: UserSettings): UserSettings {
  const { layoutMode, sideCollapsed, footerFixed, assistantModel, consoleVisible, floatMenuVisible, theme } = state;
  return { layoutMode, sideCollapsed, footerFixed, assistantModel, consoleVisible, floatMenuVisible, theme };
}

/**
 * Logged in, the settings live on the server (spec §3 ext.settings): the server's copy is applied
 * when a session starts, and every later change is saved back (debounced). Logged out, they stay
 * local only. Returns an unsubscribe function.
 */
export function startSettingsSync(): () => void {
  let applying = false;
  const save = debounce((settings: UserSettings) => {
    usersApi.saveSettings(JSON.stringify(settings)).catch(() => undefined);
  }, DEFAULT_WAIT_MS);

  const stopSession = useSession.subscribe((session, previous) => {
    if (!session.logged || (previous.logged && session.serverSettings === previous.serverSettings)) return;
    const fromServer = parseServerSettings(session.serverSettings);
    if (Object.keys(fromServer).length === 0) {
      // First login on this account: the server has nothing yet, so it takes what this device has.
      if (!previous.logged) save(snapshot(useSettings.getState()));
      return;
    }
    applying = true;
    useSettings.getState().update(fromServer);
    applying = false;
  });

  const stopSettings = useSettings.subscribe((state) => {
    if (!applying && useSession.getState().logged) save(snapshot(state));
  });

  return () => {
    stopSession();
    stopSettings();
    save.cancel();
  };
}
