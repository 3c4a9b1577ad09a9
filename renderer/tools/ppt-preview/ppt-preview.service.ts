import { identify } from '@shared/file-type/identify';
import { PptxFailure } from './pptx-model';
import type { Presentation } from './pptx-model';
import { parsePresentation } from './pptx-parse';
import { refusal } from './pptx-sniff';

/** Names what the file is when it is not a deck (encrypted, legacy .ppt, another tool's format), else parses it. */
export async function openPresentation(file: Blob, name: string): Promise<Presentation> {
  const reason = refusal(await identify(file, name));
  if (reason) throw new PptxFailure(reason);
  return parsePresentation(new Uint8Array(await file.arrayBuffer()));
}
