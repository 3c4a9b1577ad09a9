import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { EXTERNAL_TOOL_IDS, EXTERNAL_TOOLS_CONFIG_CODE } from '@shared/contracts/external-tools';
import type { ExternalToolId } from '@shared/contracts/external-tools';
import { apiUrl, native } from '@/platform/host';
import { toast } from './notify';
import { HandshakeTimeoutError, openWithHandshake, WindowBlockedError } from './window-handshake';

export interface ExternalTool {
  id: ExternalToolId;
  url: string;
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** The configured tools in the spec's order, from the answer of /api/system/configs/code/externalTools. */
export function externalToolsFrom(answer: unknown): ExternalTool[] {
  const hosts = (answer as { data?: { value?: Record<string, unknown> } } | null)?.data?.value;
  if (typeof hosts !== 'object' || hosts === null) return [];
  return EXTERNAL_TOOL_IDS.flatMap((id) => (isHttpUrl(hosts[id]) ? [{ id, url: hosts[id] }] : []));
}

let loading: Promise<ExternalTool[]> | undefined;

/**
 * One request per page load, quiet and outside the API client (no axios on the home page): an
 * unreachable server (offline, the desktop without its API) only hides the entries.
 */
function loadExternalTools(): Promise<ExternalTool[]> {
  loading ??= fetch(`${apiUrl}/api/system/configs/code/${EXTERNAL_TOOLS_CONFIG_CODE}`)
    .then((response) => (response.ok ? response.json() : null))
    .then(externalToolsFrom, () => {
      loading = undefined;
      return [];
    });
  return loading;
}

/** The external tools the server names; empty until known and when none is configured. */
export function useExternalTools(): ExternalTool[] {
  const [tools, setTools] = useState<ExternalTool[]>([]);
  useEffect(() => {
    let live = true;
    void loadExternalTools().then((found) => live && setTools(found));
    return () => {
      live = false;
    };
  }, []);
  return tools;
}

/**
 * Opens the tool with the window handshake from the click itself (a popup opened after an await is
 * blocked) and reports a blocked window or a silent one as a translated toast.
 */
export function launchExternalTool(tool: ExternalTool, language: string, t: TFunction<'common'>): void {
  // The desktop app opens other hosts in the system browser (electron/main/security/harden.ts): no
  // window of ours answers there, so window.open's null is not a blocked window and there is no handshake.
  if (native) {
    window.open(tool.url, '_blank');
    return;
  }
  void openWithHandshake(tool.url, { tool: tool.id, language }).catch((error: unknown) => {
    if (error instanceof WindowBlockedError) toast.error(t('externalTools.blocked'));
    else if (error instanceof HandshakeTimeoutError) toast.error(t('externalTools.timedOut'));
    else throw error;
  });
}
