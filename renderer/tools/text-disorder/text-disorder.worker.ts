import { expose } from 'comlink';
import { disorderText } from './text-disorder.service';
import type { DisorderOptions, DisorderResult } from './text-disorder.service';

/** Shuffling runs here: segmenting a multi-MB text takes seconds, which must not freeze the page. */
const api = {
  disorder: (input: string, options: DisorderOptions): DisorderResult => disorderText(input, options),
};

export type DisorderWorkerApi = typeof api;

expose(api);
