import { useEffect, useState } from 'react';
import { EXTERNAL_TOOL_IDS, EXTERNAL_TOOLS_CONFIG_CODE } from '@shared/contracts/external-tools';
import type { ExternalToolId } from '@shared/contracts/external-tools';
import { apiUrl } from '@/platform/host';

export interface ExternalTool {
  id: ExternalToolId;
  url: string;
}

/** The configured tools in the spec's order, from the answer of /api/system/configs/code/externalTools. */
export function externalToolsFrom(answer: unknown): ExternalTool[] {
  const hosts = (answer as { data?: { value?: Record<string, unknown> } } | null)?.data?.value;
  return EXTERNAL_TOOL_IDS.flatMap((id) => {
    const url = hosts?.[id];
    return typeof url === 'string' && /^https?:\/\/[^/]/i.test(url) ? [{ id, url }] : [];
  });
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

/**
 * The external tools the server names; empty until known and when none is configured. Only this
 * and the request are in the first load: the entries, their icons and the handshake
 * (external-tool-launch.ts) load once there is something to show.
 */
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
