import { z } from 'zod';
import { SETTINGS_MAX_BYTES } from '@shared/contracts/users';
import i18n from '@/i18n';
import { usePresets } from '@/components/image/presets';
import type { Preset, RemovedPresets } from '@/components/image/presets';
import { debounce } from '@/lib/format';
import { toast } from '@/lib/notify';
import { useSettings } from '@/stores/settings';
import type { UserSettings } from '@/stores/settings';
import { usersApi } from './api';
import { useSession } from './session';
import type { Session } from './session';

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
    imagePresetsRemoved: z.record(z.string().max(64), z.record(z.string().max(64), z.number().int().nonnegative())),
  })
  .partial();

export interface ServerSettings extends Partial<UserSettings> {
  imagePresets?: Record<string, Preset<unknown>[]>;
  imagePresetsRemoved?: RemovedPresets;
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
  const { byTool, removed } = usePresets.getState();
  return {
    layoutMode,
    sideCollapsed,
    footerFixed,
    assistantModel,
    consoleVisible,
    floatMenuVisible,
    theme,
    imagePresets: byTool,
    imagePresetsRemoved: removed,
  };
}

/** Takes the account's presets and deletions into this device's (newest of each id wins). */
function mergeServerPresets({ imagePresets = {}, imagePresetsRemoved = {} }: ServerSettings): void {
  for (const toolId of new Set([...Object.keys(imagePresets), ...Object.keys(imagePresetsRemoved)])) {
    usePresets.getState().merge(toolId, imagePresets[toolId] ?? [], imagePresetsRemoved[toolId]);
  }
}

const utf8 = new TextEncoder();

/** What the server checks: the settings text in UTF-8 bytes. */
function settingsBytes(text: string): number {
  return utf8.encode(text).length;
}

/**
 * The settings text to upload, at most `maxBytes` (the server refuses more): the oldest presets
 * (by `updatedAt`) are left out until it fits. They stay on this device; `dropped` counts them.
 */
export function fitSettings(settings: ServerSettings, maxBytes = SETTINGS_MAX_BYTES): { text: string; dropped: number } {
  let text = JSON.stringify(settings);
  if (settingsBytes(text) <= maxBytes) return { text, dropped: 0 };
  const byTool = Object.fromEntries(Object.entries(settings.imagePresets ?? {}).map(([toolId, presets]) => [toolId, [...presets]]));
  const oldestFirst = Object.entries(byTool)
    .flatMap(([toolId, presets]) => presets.map((preset) => ({ toolId, preset })))
    .sort((a, b) => a.preset.updatedAt - b.preset.updatedAt);
  let dropped = 0;
  for (const { toolId, preset } of oldestFirst) {
    const kept = (byTool[toolId] ?? []).filter((other) => other !== preset);
    if (kept.length > 0) byTool[toolId] = kept;
    else delete byTool[toolId];
    dropped += 1;
    text = JSON.stringify({ ...settings, imagePresets: byTool });
    if (settingsBytes(text) <= maxBytes) break;
  }
  return { text, dropped };
}

/**
 * Two settings texts that hold the same settings (compared after parsing, so whitespace and keys
 * the client does not know do not count). Writing what the server already has is a wasted PUT on
 * every page load.
 */
function sameSettings(a: string, b: string): boolean {
  return JSON.stringify(parseServerSettings(a)) === JSON.stringify(parseServerSettings(b));
}

/** Long enough to read a sentence about presets left out. */
const TRIMMED_MESSAGE_SECONDS = 8;

/**
 * Logged in, the settings and presets live on the server: when a session starts the server's
 * settings are applied and its presets merged with this device's (same preset id → newer wins,
 * deletions included), and every later change is saved back (debounced), after merging what the
 * server holds by then, so two devices saving in turn both keep their presets. Only a real
 * difference is written. Logged out, they stay on the device.
 *
 * When a session ends, resetSession (session.ts) clears the presets from this device: presets made
 * before logging in were merged into the account, so all of them are the account's now, and the
 * next account logging in here must not receive them. The layout settings and theme stay: they
 * describe this device's screen, hold nothing personal, and resetting them would change the page
 * under whoever is still in front of it; the next account's own settings replace them at login.
 * Returns an unsubscribe function.
 */
export function startSettingsSync(): () => void {
  let applying = false;
  let trimmedBefore = false;
  const quietly = (change: () => void) => {
    applying = true;
    try {
      change();
    } finally {
      applying = false;
    }
  };
  const upload = async () => {
    // The server's copy may have changed since this page read it (another device or tab saved or
    // deleted a preset): merge it in first, or this upload would overwrite that change.
    const current = await usersApi.serverSettings().catch(() => undefined);
    if (!useSession.getState().logged) return;
    if (current) quietly(() => mergeServerPresets(parseServerSettings(current.ext.settings)));
    const { text, dropped } = fitSettings(snapshot());
    // Say so once when presets start being left out, not on every later change.
    if (dropped > 0 && !trimmedBefore) toast.warning(i18n.t('settings.syncTrimmed', { count: dropped }), TRIMMED_MESSAGE_SECONDS);
    trimmedBefore = dropped > 0;
    if (current && sameSettings(text, current.ext.settings)) return;
    await usersApi.saveSettings(text);
  };
  const save = debounce(() => void upload().catch(() => undefined));

  const onSession = (session: Session, previous: Session) => {
    // A save still waiting when the session ends would go out without a session, or upload what the reset left.
    if (!session.logged && previous.logged) save.cancel();
    if (!session.logged || (previous.logged && session.serverSettings === previous.serverSettings)) return;
    const { imagePresets, imagePresetsRemoved, ...fromServer } = parseServerSettings(session.serverSettings);
    quietly(() => {
      if (Object.keys(fromServer).length > 0) useSettings.getState().update(fromServer);
      mergeServerPresets({ imagePresets, imagePresetsRemoved });
    });
    // The server's copy may lack what this device has (first login, presets made while logged out);
    // when it already holds all of it — every later page load — there is nothing to write.
    if (!previous.logged && !sameSettings(fitSettings(snapshot()).text, session.serverSettings)) save();
  };
  const stopSession = useSession.subscribe(onSession);
  // The sync loads after the first paint (main.tsx), so the session may have logged in already:
  // take it as if it had just done so.
  const current = useSession.getState();
  if (current.logged) onSession(current, { ...current, logged: false });

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
