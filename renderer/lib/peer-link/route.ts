/** How the two peers reach each other: straight (host/srflx/prflx candidates) or through a TURN relay. */
export interface PeerRoute {
  kind: 'direct' | 'relay';
  local: CandidateInfo;
  remote: CandidateInfo;
}

export interface CandidateInfo {
  type: string;
  protocol?: string;
  address?: string;
  port?: number;
}

type StatsEntry = Record<string, unknown> & { id: string; type: string };

function candidate(stats: Map<string, StatsEntry>, id: unknown): CandidateInfo | undefined {
  const entry = typeof id === 'string' ? stats.get(id) : undefined;
  if (!entry || typeof entry.candidateType !== 'string') return undefined;
  return {
    type: entry.candidateType,
    protocol: typeof entry.protocol === 'string' ? entry.protocol : undefined,
    address: typeof entry.address === 'string' ? entry.address : undefined,
    port: typeof entry.port === 'number' ? entry.port : undefined,
  };
}

/**
 * The candidate pair in use, from a getStats() report: the transport's `selectedCandidatePairId`
 * (Chromium, Safari), else the pair flagged `selected` (Firefox), else a nominated, succeeded one.
 */
export function routeFromStats(report: Iterable<[string, StatsEntry]> | Map<string, StatsEntry>): PeerRoute | undefined {
  const stats = new Map<string, StatsEntry>(report instanceof Map ? report : [...report]);
  const entries = [...stats.values()];
  const selectedId = entries.find(
    (entry) => entry.type === 'transport' && typeof entry.selectedCandidatePairId === 'string',
  )?.selectedCandidatePairId;
  const pair =
    (typeof selectedId === 'string' ? stats.get(selectedId) : undefined) ??
    entries.find((entry) => entry.type === 'candidate-pair' && entry.selected === true) ??
    entries.find((entry) => entry.type === 'candidate-pair' && entry.nominated === true && entry.state === 'succeeded');
  if (!pair) return undefined;
  const local = candidate(stats, pair.localCandidateId);
  const remote = candidate(stats, pair.remoteCandidateId);
  if (!local || !remote) return undefined;
  return { kind: local.type === 'relay' || remote.type === 'relay' ? 'relay' : 'direct', local, remote };
}

/** The route a connection uses now, or undefined before it has one. */
export async function selectedRoute(connection: Pick<RTCPeerConnection, 'getStats'>): Promise<PeerRoute | undefined> {
  const report = await connection.getStats();
  return routeFromStats(report as unknown as Map<string, StatsEntry>);
}
