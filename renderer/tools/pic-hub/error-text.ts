import type { TFunction } from 'i18next';
import { formatFileSize } from '@/lib/format';
import { PIC_HUB_FILE_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import { errorKindOf } from './errors';
import type { PicHubErrorKind } from './errors';

/** The page's words for an error kind or any error the layer throws (texts/common.ts `errors.*`). */
export function errorText(t: TFunction<'pic-hub'>, error: PicHubErrorKind | unknown): string {
  const kind = typeof error === 'string' ? (error as PicHubErrorKind) : errorKindOf(error);
  return t(`common.errors.${kind}`, { size: formatFileSize(PIC_HUB_FILE_MAX_BYTES) });
}
