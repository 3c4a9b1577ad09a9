import { expose } from 'comlink';
import { renderBlocks, renderHtml } from './render';

/** Parsing and highlighting a long document takes tens of milliseconds: never on the typing thread. */
const api = { renderBlocks, renderHtml };

export type RenderWorkerApi = typeof api;

expose(api);
