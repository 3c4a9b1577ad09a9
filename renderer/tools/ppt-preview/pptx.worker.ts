import { expose, transfer } from 'comlink';
import { PptxFailure } from './pptx-model';
import type { Presentation, PptxErrorCode } from './pptx-model';
import { openPresentation } from './ppt-preview.service';

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome = { ok: true; value: Presentation } | { ok: false; error: PptxErrorCode | 'unknown'; message?: string };

const api = {
  async open(file: Blob, name: string): Promise<Outcome> {
    try {
      const value = await openPresentation(file, name);
      return transfer(
        { ok: true, value },
        Object.values(value.images).map((image) => image.bytes.buffer),
      );
    } catch (error) {
      if (error instanceof PptxFailure) return { ok: false, error: error.code };
      // A truncated deck can fail deep in XML or inflate: it is damaged, not a bug to report raw.
      if (error instanceof Error && !(error instanceof RangeError && /allocation|memory/i.test(error.message)))
        return { ok: false, error: 'corrupt' };
      return { ok: false, error: 'unknown', message: error instanceof Error ? error.message : String(error) };
    }
  },
};

export type PptxWorkerApi = typeof api;
expose(api);
