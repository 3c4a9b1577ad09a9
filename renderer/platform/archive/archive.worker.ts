import { expose, transfer } from 'comlink';
import { deflateBatch, deflateEntry, gzipBlob } from './deflate-core';
import type { DeflatedEntry, DeflateLevel } from './deflate-core';
import type { EncryptSource } from './zip-encrypt-core';
import type { EntryData, ReadOptions, ZipListing } from './zip-read-core';

const cancelled = new Set<string>();
const isCancelled = (jobId: string) => () => cancelled.has(jobId);

/** zip.js loads on first use: creating a plain zip never needs it. */
const zipReading = () => import('./zip-read-core');

/** Each buffer once: listing one twice makes postMessage throw. */
const buffersOf = (views: Uint8Array[]) => [...new Set(views.map((view) => view.buffer as ArrayBuffer))];

async function settle<T>(jobId: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } finally {
    cancelled.delete(jobId);
  }
}

/** What a pool worker offers the UI thread (through Comlink). One job runs at a time per worker. */
export const archiveWorkerApi = {
  async deflate(jobId: string, file: Blob, level: DeflateLevel): Promise<DeflatedEntry> {
    const entry = await settle(jobId, () => deflateEntry(file, level, isCancelled(jobId)));
    return transfer(entry, buffersOf(entry.chunks));
  },
  async deflateBatch(jobId: string, blob: Blob, sizes: number[], level: DeflateLevel): Promise<DeflatedEntry[]> {
    const entries = await settle(jobId, () => deflateBatch(blob, sizes, level, isCancelled(jobId)));
    return transfer(entries, buffersOf(entries.flatMap((entry) => entry.chunks)));
  },
  async gzip(jobId: string, blob: Blob, level: DeflateLevel, onProgress: (fraction: number) => void): Promise<Blob> {
    const chunks = await settle(jobId, () => gzipBlob(blob, level, onProgress, isCancelled(jobId)));
    return new Blob(chunks as BlobPart[], { type: 'application/gzip' });
  },
  async encryptZip(
    jobId: string,
    sources: EncryptSource[],
    level: number,
    password: string,
    onProgress: (fraction: number) => void,
  ): Promise<Blob> {
    const { createEncryptedZip } = await import('./zip-encrypt-core');
    return settle(jobId, () => createEncryptedZip(sources, level, password, onProgress, isCancelled(jobId)));
  },
  async listZip(key: string, file: Blob): Promise<ZipListing> {
    return (await zipReading()).listZip(key, file);
  },
  async readZip(jobId: string, key: string, file: Blob, paths: string[], options: Omit<ReadOptions, 'isCancelled'>): Promise<EntryData[]> {
    const { readZipEntries } = await zipReading();
    const data = await settle(jobId, () => readZipEntries(key, file, paths, { ...options, isCancelled: isCancelled(jobId) }));
    return transfer(data, buffersOf(data.filter((bytes) => bytes !== null)));
  },
  async checkZipPassword(key: string, file: Blob, password: string): Promise<void> {
    return (await zipReading()).checkZipPassword(key, file, password);
  },
  cancel(jobId: string): void {
    cancelled.add(jobId);
  },
};

export type ArchiveWorkerApi = typeof archiveWorkerApi;

expose(archiveWorkerApi);
