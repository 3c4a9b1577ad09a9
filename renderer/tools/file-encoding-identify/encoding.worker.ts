import { expose } from 'comlink';
import type { EncodingName } from '@shared/encoding/names';
import { EncodingFailure, convertBlob, identifyBlob, previewBlob } from './encoding-core';
import type { Converted, Identified } from './encoding-core';
import type { FailureCode } from './file-encoding-identify.service';

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: FailureCode | 'unknown'; message?: string };

async function attempt<T>(work: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    if (error instanceof EncodingFailure) return { ok: false, error: error.code };
    return { ok: false, error: 'unknown', message: error instanceof Error ? error.message : String(error) };
  }
}

/** Detection, previews and conversion run here, off the page's thread; files are read by slices. */
const api = {
  identify: (file: Blob): Promise<Outcome<Identified>> => attempt(() => identifyBlob(file)),
  preview: (file: Blob, encoding: EncodingName): Promise<Outcome<string>> => attempt(() => previewBlob(file, encoding)),
  convert: (file: Blob, encoding: EncodingName | 'binary', bom: boolean): Promise<Outcome<Converted>> =>
    attempt(() => convertBlob(file, encoding, bom)),
};

export type EncodingWorkerApi = typeof api;

expose(api);
