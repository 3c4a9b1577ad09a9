/** The recorder's pure rules: the trim selection (handles, sample frames) and how times read. */

/** A part of a recording, in seconds from its start. */
export interface Selection {
  start: number;
  end: number;
}

/** The shortest part a trim keeps: shorter would be a click, not a recording. */
export const MIN_SELECTION_SECONDS = 0.1;

/**
 * Keeps a selection inside the recording, start before end and at least MIN_SELECTION_SECONDS long
 * (or the whole recording when it is shorter). The handle being moved (`moved`) gives way, so the
 * other stays where the user put it.
 */
export function clampSelection(selection: Selection, duration: number, moved: 'start' | 'end' = 'end'): Selection {
  const total = Math.max(0, duration);
  const gap = Math.min(MIN_SELECTION_SECONDS, total);
  let start = Math.min(Math.max(0, selection.start), total);
  let end = Math.min(Math.max(0, selection.end), total);
  if (end - start < gap) {
    if (moved === 'start') {
      start = Math.max(0, end - gap);
      end = Math.max(end, start + gap);
    } else {
      end = Math.min(total, start + gap);
      start = Math.min(start, end - gap);
    }
  }
  return { start, end };
}

/** The sample frames [start, end) a selection covers in a buffer of `length` frames. */
export function selectionFrames(selection: Selection, sampleRate: number, length: number): { start: number; end: number } {
  const start = Math.min(length, Math.max(0, Math.round(selection.start * sampleRate)));
  const end = Math.min(length, Math.max(start, Math.round(selection.end * sampleRate)));
  return { start, end };
}

/** True when the selection is the whole recording (nothing to trim). */
export function isWhole(selection: Selection, duration: number): boolean {
  return selection.start <= 0.001 && selection.end >= duration - 0.001;
}

/** "m:ss.t" for handles and durations; hours only when there are any. */
export function formatSeconds(seconds: number, tenths = false): string {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const whole = tenths ? Math.floor(safe * 10) / 10 : Math.floor(safe);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  const secondsText = tenths ? rest.toFixed(1).padStart(4, '0') : String(Math.floor(rest)).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secondsText}` : `${minutes}:${secondsText}`;
}

/** A recording's name as a file name: characters Windows and macOS refuse become "-" (dates carry "/" and ":"). */
export function fileNameOf(name: string, extension: string): string {
  const safe = name
    .replace(/[\\/:*?"<>|]+/g, '-')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 120);
  return `${safe || 'recording'}.${extension}`;
}

/** The file extension of a recording's container. */
export const extensionOf = (mimeType: string) =>
  mimeType.includes('wav') ? 'wav' : mimeType.includes('ogg') ? 'ogg' : mimeType.includes('mp4') ? 'm4a' : 'webm';
