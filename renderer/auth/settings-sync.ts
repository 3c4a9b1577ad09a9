import { z } from 'zod';
import { usePresets } from '@/components/image/presets';
import type { Preset } from '@/components/image/presets';
import { debounce } from '@/lib/format';
import { useSettings } from '@/stores/settings';
import type { UserSettings } from '@/stores/settings';
import { usersApi } from './api';
import { useSession } from './session';

const presetSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(100),
  settings: z.unknown(),
  updatedAt: z.number().int().nonnegative(),
});

/**
 * What the server keeps (spec §3 ext.settings, JSON text): the layout settings and the image
 * tools' named presets. Text that is not valid JSON of this shape is ignored as a whole.
 */
const serverSettingsSchema = z
  .object({
    layoutMode: z.enum(['side', 'top']),
    sideCollapsed: z.boolean(),
    footerFixed: z.boolean(),
    assistantModel: z.string().max(64),
    consoleVisible: z.boolean(),
    floatMenuVisible: z.boolean(),
    theme: z.enum(['light', 'dark', 'system']),
    imagePresets: z.record(z.string().max(64), z.array(presetSchema).max(50)),
  })
  .partial();

export interface ServerSettings extends Partial<UserSettings> {
  imagePresets?: Record<string, Preset<unknown>[]>;
}

export function parseServerSettings(text: string): ServerSettings {
  try {
    const parsed = serverSettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as ServerSettings) : {};
  } catch {
    return {};
  }
}

function snapshot(): ServerSettings {
  const { layoutMode, sideCollapsed, footerFixed, assistantModel, consoleVisible, floatMenuVisible, theme } = useSettings.getState();
  return { layoutMode, sideCollapsed, footerFixed, assistantModel, consoleVisible, floatMenuVisible, theme, imagePresets: usePresets.getState().byTool };
}

/**
 * Logged in, the settings and presets live on the server: when a session starts the server's
 * settings are applied and its presets merged with this device's (same preset id → newer wins),
 * and every later change is saved back (debounced). Logged out, they stay on the device.
 * Returns an unsubscribe function.
 */
export function startSettingsSync(): () => void {
  let applying = false;
  const save = debounce(() => {
    usersApi.saveSettings(JSON.stringify(snapshot())).catch(() => undefined);
  });

  const stopSession = useSession.subscribe((session, previous) => {
    if (!session.logged || (previous.logged && session.serverSettings === previous.serverSettings)) return;
    const { imagePresets, ...fromServer } = parseServerSettings(session.serverSettings);
    applying = true;
    if (Object.keys(fromServer).length > 0) useSettings.getState().update(fromServer);
    for (const [toolId, presets] of Object.entries(imagePresets ?? {})) usePresets.getState().merge(toolId, presets);
    applying = false;
    // The server's copy may lack what this device has (first login, presets made while logged out).
    if (!previous.logged) save();
  });

  const onLocalChange = () => {
    if (!applying && useSession.getState().logged) save();
  };
  const stopSettings = useSettings.subscribe(onLocalChange);
  const stopPresets = usePresets.subscribe(onLocalChange);

  return () => {
    stopSession();
    stopSettings();
    stopPresets();
    save.cancel();
  };
}
