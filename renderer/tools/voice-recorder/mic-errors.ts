/** Why the microphone could not be opened, each with its own translated message and advice. */
export type MicProblem = 'denied' | 'noDevice' | 'inUse' | 'unsupported' | 'failed';

/** Maps what getUserMedia/MediaRecorder throw to a problem the page explains. */
export function micProblem(error: unknown): MicProblem {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'inUse';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'failed';
  }
}

/** The container MediaRecorder should write: Opus in WebM where the browser can (Chromium, Firefox), else its default. */
export function pickMimeType(isSupported: (type: string) => boolean): string | undefined {
  return ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'].find((type) => isSupported(type));
}
