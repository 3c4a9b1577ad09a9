import { expose } from 'comlink';
import { digestParts } from './part-digest';

/** Digests run here, off the UI thread; the page cancels by terminating the worker. */
const api = { digestParts };
export type DigestWorkerApi = typeof api;

expose(api);
