import { initializeCanvas, readPsd } from 'ag-psd';
import type { Psd } from 'ag-psd';
import { buildModel } from './psd-model';
import type { ColorModeName, PsdModel } from './psd-model';

/**
 * Reading a PSD or PSB into the page's model, and the reasons one cannot be read. Pure apart from
 * ag-psd: runs in the worker and under Node.
 */

export type PsdErrorCode = 'empty' | 'notPsd' | 'damaged' | 'colorMode';

export class PsdError extends Error {
  constructor(
    readonly code: PsdErrorCode,
    /** colorMode: the mode's name. */
    readonly detail = '',
  ) {
    super(`${code}${detail ? `: ${detail}` : ''}`);
    this.name = 'PsdError';
  }
}

// With useImageData ag-psd never draws, but it still makes ImageData objects through this hook,
// which needs a canvas unless it is given a plain constructor; a plain object works in Node too.
initializeCanvas(
  () => {
    throw new Error('no canvas in the PSD reader');
  },
  (width, height) => ({ width, height, data: new Uint8ClampedArray(width * height * 4), colorSpace: 'srgb' }) as ImageData,
);

/** Whether the bytes start like Photoshop's format: "8BPS", version 1 (PSD) or 2 (PSB). */
export function looksLikePsd(head: Uint8Array): boolean {
  return (
    head.length >= 6 &&
    head[0] === 0x38 &&
    head[1] === 0x42 &&
    head[2] === 0x50 &&
    head[3] === 0x53 &&
    head[4] === 0 &&
    (head[5] === 1 || head[5] === 2)
  );
}

const UNSUPPORTED_MODES: Readonly<Record<string, ColorModeName>> = {
  CMYK: 'cmyk',
  Lab: 'lab',
  Multichannel: 'multichannel',
  Duotone: 'duotone',
  Indexed: 'indexed',
};

/** Parses the whole file; throws PsdError. */
export function readPsdModel(bytes: Uint8Array): PsdModel {
  if (bytes.length === 0) throw new PsdError('empty');
  if (!looksLikePsd(bytes)) throw new PsdError('notPsd');
  let psd: Psd;
  try {
    psd = readPsd(bytes, { useImageData: true, skipThumbnail: true, skipLinkedFilesData: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const mode = /Color mode not supported: (\w+)/.exec(message)?.[1];
    if (mode) throw new PsdError('colorMode', UNSUPPORTED_MODES[mode] ?? mode.toLowerCase());
    throw new PsdError('damaged', message);
  }
  if (!(psd.width > 0 && psd.height > 0)) throw new PsdError('damaged', 'no size');
  return buildModel(psd);
}
