// The server needs the same rule (the system hub's folder), so it lives in shared/pic-hub/path.ts.
export { normalizeHubPath } from '@shared/pic-hub/path';
