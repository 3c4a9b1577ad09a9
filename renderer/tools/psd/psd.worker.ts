import { expose, transfer } from 'comlink';
import { identify } from '@shared/file-type/identify';
import { compositeGroup, compositeLayers } from './compositor';
import type { Raster } from './compositor';
import { exportPlan, notRenderedSummary } from './psd-model';
import type { LayerView, NotRendered, PsdInfo, PsdModel } from './psd-model';
import { PsdError, readPsdModel } from './psd.service';
import type { PsdErrorCode } from './psd.service';

/**
 * Parsing, compositing and PNG encoding of one open PSD, off the page's thread. The parsed
 * document stays here (a 100 MB file's layers are hundreds of MB of pixels); the page gets the tree,
 * the facts and pictures as ImageBitmaps, which cross without a copy.
 */

export interface Opened {
  info: PsdInfo;
  layers: LayerView[];
  notRendered: NotRendered[];
  preview: ImageBitmap;
}

export interface Exported {
  name: string;
  bytes: Uint8Array;
  width: number;
  height: number;
}

/** Comlink turns thrown errors into plain ones; answering with a code keeps the reason intact. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: PsdErrorCode | 'unknown'; detail?: string };

let model: PsdModel | undefined;
/** Visibility as the file has it, to know when the file's own composite is still right. */
let original = new Map<number, boolean>();

/** Runs `work`; `moved` names the buffers and bitmaps of its answer that move to the page rather than being copied. */
async function attempt<T>(work: () => Promise<T>, moved: (value: T) => Transferable[] = () => []): Promise<Outcome<T>> {
  try {
    const value = await work();
    return transfer({ ok: true, value }, moved(value));
  } catch (error) {
    if (error instanceof PsdError) return { ok: false, error: error.code, detail: error.detail };
    return { ok: false, error: 'unknown', detail: error instanceof Error ? error.message : String(error) };
  }
}

const imageData = (raster: Raster) => new ImageData(raster.data as Uint8ClampedArray<ArrayBuffer>, raster.width, raster.height);

async function encodePng(raster: Raster): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(raster.width, raster.height);
  canvas.getContext('2d')!.putImageData(imageData(raster), 0, 0);
  return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
}

function current(): PsdModel {
  if (!model) throw new Error('no document open');
  return model;
}

function picture(doc: PsdModel): Raster {
  const unchanged = [...doc.byId].every(([id, node]) => original.get(id) === node.visible);
  return unchanged && doc.composite ? doc.composite : compositeLayers(doc.info, doc.nodes);
}

async function open(file: Blob): Promise<Opened> {
  model = undefined;
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    model = readPsdModel(bytes);
  } catch (error) {
    if (error instanceof PsdError && error.code === 'notPsd')
      throw new PsdError('notPsd', (await identify(file, file instanceof File ? file.name : '')).format);
    throw error;
  }
  original = new Map([...model.byId].map(([id, node]) => [id, node.visible]));
  const preview = await createImageBitmap(imageData(picture(model)));
  return { info: model.info, layers: model.layers, notRendered: notRenderedSummary(model.layers), preview };
}

async function render(visibility: Record<number, boolean>): Promise<ImageBitmap> {
  const doc = current();
  for (const [id, node] of doc.byId) node.visible = visibility[id] ?? original.get(id) ?? true;
  return createImageBitmap(imageData(picture(doc)));
}

/** A layer's own pixels at its own size, or a group's visible content cropped to what it covers. */
function rasterOf(id: number): Raster {
  const doc = current();
  const node = doc.byId.get(id);
  if (!node) throw new Error(`no layer ${id}`);
  if (node.children) return compositeGroup(doc.info, node);
  if (!node.pixels) throw new Error(`layer ${id} has no pixels`);
  return node.pixels;
}

async function exportLayer(id: number): Promise<Exported> {
  const raster = rasterOf(id);
  const bytes = await encodePng(raster);
  return { name: '', bytes, width: raster.width, height: raster.height };
}

async function exportAll(): Promise<Exported[]> {
  const plan = exportPlan(current().layers);
  const files: Exported[] = [];
  for (const { id, path } of plan) {
    const raster = rasterOf(id);
    files.push({ name: path, bytes: await encodePng(raster), width: raster.width, height: raster.height });
  }
  return files;
}

const bufferOf = (file: Exported) => file.bytes.buffer as ArrayBuffer;

const api = {
  open: (file: Blob): Promise<Outcome<Opened>> =>
    attempt(
      () => open(file),
      (opened) => [opened.preview],
    ),
  render: (visibility: Record<number, boolean>): Promise<Outcome<ImageBitmap>> =>
    attempt(
      () => render(visibility),
      (bitmap) => [bitmap],
    ),
  exportLayer: (id: number): Promise<Outcome<Exported>> =>
    attempt(
      () => exportLayer(id),
      (file) => [bufferOf(file)],
    ),
  exportAll: (): Promise<Outcome<Exported[]>> =>
    attempt(
      () => exportAll(),
      (files) => files.map(bufferOf),
    ),
};

export type PsdWorkerApi = typeof api;

expose(api);
