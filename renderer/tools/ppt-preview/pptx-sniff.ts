import type { Identification } from '@shared/file-type/identify';
import type { PptxErrorCode } from './pptx-model';

/**
 * Why a file is refused before it is unzipped, from what the project's type detector found in its
 * bytes: password-encrypted Office files (an OLE2 "EncryptedPackage"), legacy .ppt, and other
 * tools' formats, named so the message can send the reader there. Undefined: go on and parse.
 */
export function refusal(found: Identification): PptxErrorCode | undefined {
  if (found.kind === 'empty') return 'empty';
  if (found.flags.includes('encrypted')) return 'encrypted';
  if (['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm'].includes(found.format)) return undefined;
  if (found.format === 'ppt' || found.format === 'pps' || found.format === 'pot') return 'legacyPpt';
  if (found.kind === 'spreadsheet') return 'excel';
  if (found.kind === 'document' && ['doc', 'docx', 'docm', 'dotx', 'dotm', 'dot', 'wps'].includes(found.format)) return 'word';
  if (found.format === 'psd' || found.format === 'psb') return 'psd';
  if (found.format === 'sketch') return 'sketch';
  // A zip of unknown kind may still be a deck whose name was changed: the parser decides.
  if (found.format === 'zip' || found.kind === 'unknown') return undefined;
  return 'notPptx';
}
