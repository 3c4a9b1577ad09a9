import { expose, transfer } from 'comlink';
import { identify } from '@shared/file-type/identify';
import type { DocVerdict } from './doc-preview.service';
import { docVerdict } from './doc-preview.service';
import { DocxError, prepareDocx } from './docx-slices';
import type { PreparedDocx } from './docx-slices';
import { wordDocumentText } from './word97-text';

export type OpenOutcome =
  | ({ kind: 'docx' } & PreparedDocx)
  | { kind: 'legacyDoc'; text: string | undefined }
  | { kind: 'refused'; verdict: Exclude<DocVerdict, { kind: 'docx' } | { kind: 'legacyDoc' }> }
  | { kind: 'failed'; code: DocxError['code'] | 'unreadable' };

/** Read failures of a File (moved, deleted, permission lost) surface as these DOMException names. */
const UNREADABLE = new Set(['NotReadableError', 'NotFoundError', 'SecurityError', 'NotAllowedError']);

async function open(file: Blob, name: string): Promise<OpenOutcome> {
  const verdict = docVerdict(await identify(file, name));
  // A zip that file-type cannot place (its directory is cut off) may still be a damaged docx: try it.
  const zipLike = verdict.kind === 'unsupported' && (verdict.format === 'zip' || verdict.format === 'ZIP');
  if (verdict.kind === 'legacyDoc') {
    let text: string | undefined;
    try {
      text = wordDocumentText(new Uint8Array(await file.arrayBuffer()));
    } catch {
      // Text extraction is a bonus: the page still says what the file is.
      text = undefined;
    }
    return { kind: 'legacyDoc', text };
  }
  if (verdict.kind !== 'docx' && !zipLike) return { kind: 'refused', verdict };
  try {
    const prepared = prepareDocx(new Uint8Array(await file.arrayBuffer()));
    return transfer(
      { kind: 'docx', ...prepared },
      prepared.slices.map((slice) => slice.buffer as ArrayBuffer),
    );
  } catch (error) {
    if (error instanceof DocxError) return { kind: 'failed', code: zipLike && error.code === 'notWord' ? 'notWord' : error.code };
    throw error;
  }
}

const api = {
  /** Identifies the file by content and, for a Word document, unpacks it into render-sized slices. Never throws. */
  async open(file: Blob, name: string): Promise<OpenOutcome> {
    try {
      return await open(file, name);
    } catch (error) {
      const errorName = error instanceof Error ? error.name : '';
      return { kind: 'failed', code: UNREADABLE.has(errorName) ? 'unreadable' : 'damaged' };
    }
  },
};

export type DocPreviewWorkerApi = typeof api;

expose(api);
