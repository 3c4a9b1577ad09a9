import type { TFunction } from 'i18next';
import { formatFileSize } from '@/lib/format';
import { PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import { PIC_HUB_ERROR_KINDS, problemOf } from '@/lib/pic-hub-upload';
import type { PicHubErrorKind, PicHubFailure, PicHubProblem } from '@/lib/pic-hub-upload';

const isFailure = (value: unknown): value is PicHubFailure =>
  typeof value === 'object' &&
  value !== null &&
  !(value instanceof Error) &&
  PIC_HUB_ERROR_KINDS.includes((value as { kind?: unknown }).kind as PicHubErrorKind);

/** HH:mm on this device's clock: GitHub's limit resets within the hour, so the time alone says when. */
export const clockTime = (at: number) => {
  const date = new Date(at);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
};

/** The details a problem carries that replace its kind's general words, if any. */
export function problemDetailText(t: TFunction<'pic-hub'>, problem: PicHubProblem): string | undefined {
  if (typeof problem === 'string') return undefined;
  if (problem.kind === 'rateLimited' && problem.resetAt !== undefined)
    return t('common.errors.rateLimitedUntil', { time: clockTime(problem.resetAt) });
  if (problem.serverMessage) return problem.serverMessage;
  return undefined;
}

/** The page's words for an error kind, a kept problem or any error the layer throws (texts/common.ts `errors.*`). */
export function errorText(t: TFunction<'pic-hub'>, error: PicHubProblem | unknown): string {
  const problem: PicHubProblem = typeof error === 'string' ? (error as PicHubErrorKind) : isFailure(error) ? error : problemOf(error);
  const detail = problemDetailText(t, problem);
  if (detail) return detail;
  const kind = typeof problem === 'string' ? problem : problem.kind;
  return t(`common.errors.${kind}`, { size: formatFileSize(PIC_HUB_FILE_MAX_BYTES) });
}
