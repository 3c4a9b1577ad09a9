import { createSHA256 } from 'hash-wasm';
import { createTransportPair, type TransportPair, type TransportPairOptions } from './p2p-transport-pair';
import { watchOffers, type FilesOffer, type IncomingOffer } from '../p2p/offers';
import type { OfferedFile } from '../p2p/protocol';
import { P2pReceiver } from '../p2p/receiver';
import { P2pSender } from '../p2p/sender';
import type { FileSource, ReceiveSink, SinkFile, TransferSnapshot } from '../p2p/types';

export const createHasher = () => createSHA256();

let counter = 0;
export const newTransferId = (): string => (Date.now().toString(16) + (counter++).toString(16)).padStart(16, '0').slice(-16);

export function memorySource(path: string, bytes: Uint8Array, read?: FileSource['read']): FileSource {
  return {
    path,
    size: bytes.length,
    lastModified: 1_700_000_000_000,
    type: 'application/octet-stream',
    read: read ?? ((offset, length) => Promise.resolve(bytes.slice(offset, offset + length))),
  };
}

/** Bytes made up on demand from one random block, so a 200 MB file never exists in memory. */
export function generatedSource(path: string, size: number): FileSource {
  const block = randomBytes(1 << 20, 7);
  const read = (offset: number, length: number): Promise<Uint8Array> => {
    const out = new Uint8Array(length);
    for (let filled = 0; filled < length;) {
      const at = (offset + filled) % block.length;
      const piece = block.subarray(at, Math.min(block.length, at + length - filled));
      out.set(piece, filled);
      filled += piece.length;
    }
    return Promise.resolve(out);
  };
  return { path, size, lastModified: 0, type: '', read };
}

export function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let state = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    out[i] = state & 0xff;
  }
  return out;
}

export async function sha256Of(source: FileSource): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let at = 0; at < source.size; at += 1 << 20) hasher.update(await source.read(at, Math.min(1 << 20, source.size - at)));
  return hasher.digest();
}

/** Keeps files in memory, and a log of what was asked of it. */
export class MemorySink implements ReceiveSink {
  readonly files = new Map<string, Uint8Array>();
  readonly log: string[] = [];
  /** Set to make the next write fail (a full disk). */
  failWrites?: Error;
  writeDelayMs = 0;

  open(file: OfferedFile, { resumeAt }: { resumeAt: number }): Promise<SinkFile> {
    this.log.push(`open ${file.path}@${resumeAt}`);
    // Appends are kept as pieces (a whole-file copy per write would make big tests crawl).
    let pieces: Uint8Array[] = resumeAt > 0 ? [this.files.get(file.path) ?? new Uint8Array()] : [];
    const whole = (): Uint8Array => {
      const out = new Uint8Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
      let at = 0;
      for (const piece of pieces) {
        out.set(piece, at);
        at += piece.length;
      }
      pieces = [out];
      return out;
    };
    return Promise.resolve({
      write: async (data) => {
        if (this.writeDelayMs) await new Promise<void>((resolve) => setTimeout(resolve, this.writeDelayMs));
        if (this.failWrites) throw this.failWrites;
        pieces.push(data.slice());
      },
      truncate: (size) => {
        const content = whole();
        this.log.push(`truncate ${file.path} ${content.length}->${size}`);
        pieces = [content.slice(0, size)];
        return Promise.resolve();
      },
      close: () => {
        this.log.push(`close ${file.path}`);
        this.files.set(file.path, whole());
        return Promise.resolve();
      },
      abort: () => {
        this.log.push(`abort ${file.path}`);
        this.files.delete(file.path);
        return Promise.resolve();
      },
    });
  }

  discard(file: OfferedFile): Promise<void> {
    this.log.push(`discard ${file.path}`);
    this.files.delete(file.path);
    return Promise.resolve();
  }
}

/** Hashes what it is given instead of keeping it: for the 200 MB file. */
export class HashingSink implements ReceiveSink {
  readonly digests = new Map<string, string>();

  async open(file: OfferedFile): Promise<SinkFile> {
    const hasher = await createSHA256();
    hasher.init();
    let written = 0;
    return {
      write: (data) => {
        hasher.update(data);
        written += data.length;
        return Promise.resolve();
      },
      truncate: (size) => (size === written ? Promise.resolve() : Promise.reject(new Error('cannot truncate a hash'))),
      close: () => {
        this.digests.set(file.path, hasher.digest());
        return Promise.resolve();
      },
      abort: () => Promise.resolve(),
    };
  }

  discard(): Promise<void> {
    return Promise.resolve();
  }
}

export async function until(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((resolve) => setTimeout(resolve, 2));
  }
}

export interface Run {
  pair: TransportPair;
  sender: P2pSender;
  receiver: () => P2pReceiver;
  offers: IncomingOffer[];
}

/** A sender on `pair.a`; the receiving side accepts the first offer into `sink` (resolves once it has) unless told not to. */
export async function startTransfer(
  sources: FileSource[],
  sink: ReceiveSink,
  pairOptions: TransportPairOptions = {},
  accept = true,
): Promise<Run> {
  const pair = createTransportPair(pairOptions);
  const offers: IncomingOffer[] = [];
  let receiver: P2pReceiver | undefined;
  watchOffers(pair.b, (offer) => {
    offers.push(offer);
    if (accept && !receiver) {
      receiver = new P2pReceiver({ transferId: offer.transferId, transport: pair.b, offer: offer as FilesOffer, sink, createHasher });
    }
  });
  const sender = new P2pSender({ transferId: newTransferId(), transport: pair.a, files: sources, createHasher });
  if (accept) await until(() => receiver !== undefined, 'the offer to be accepted');
  return {
    pair,
    sender,
    offers,
    receiver: () => {
      if (!receiver) throw new Error('no receiver yet');
      return receiver;
    },
  };
}

export const states = (snapshot: TransferSnapshot) =>
  snapshot.files.map((file) => `${file.path}:${file.state}${file.error ? `:${file.error}` : ''}`);
