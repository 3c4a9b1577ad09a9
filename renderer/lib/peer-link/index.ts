export { connectPeer, DEFAULT_CONNECT_TIMEOUT_MS, type ConnectPeerOptions, type PeerLink, type PeerSignaller } from './connect';
export { PeerLinkError, type PeerLinkErrorCode } from './errors';
export { routeFromStats, selectedRoute, type CandidateInfo, type PeerRoute } from './route';
export { DEFAULT_RESTART_POLICY, type PeerLinkState, type RestartPolicy } from './state';
export { DEFAULT_BACKPRESSURE, dataChannelTransport, type BackpressureOptions, type DataChannelLike } from './transport';
