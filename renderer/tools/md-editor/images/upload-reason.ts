import { errorKindOf } from '@/lib/pic-hub-upload/errors';
import type { PicHubErrorKind } from '@/lib/pic-hub-upload/errors';

export type ReasonKey = 'reasonNetwork' | 'reasonAuth' | 'reasonRateLimited' | 'reasonNotImage' | 'reasonOther';

const REASONS: Partial<Record<PicHubErrorKind, ReasonKey>> = {
  network: 'reasonNetwork',
  auth: 'reasonAuth',
  noWriteAccess: 'reasonAuth',
  repoNotFound: 'reasonAuth',
  branchNotFound: 'reasonAuth',
  noToken: 'reasonAuth',
  rateLimited: 'reasonRateLimited',
  notImage: 'reasonNotImage',
  empty: 'reasonNotImage',
  compressFailed: 'reasonNotImage',
};

/** Why an upload to PicHub failed, in the few words the editor's message gives. */
export const uploadReason = (error: unknown): ReasonKey => REASONS[errorKindOf(error)] ?? 'reasonOther';
