import type * as Contract from '@shared/contracts/archive';

/**
 * The archive contract (shared/contracts/archive.ts) bound to the browser's file types. Tools get
 * these names from '@/platform'.
 */
export interface DomArchiveTypes {
  file: File;
  blob: Blob;
  directory: FileSystemDirectoryHandle;
}

export type { ArchiveCreateOptions, ArchiveFolder, ArchiveJobOptions, CancelSignal } from '@shared/contracts/archive';
export type ArchiveSource = Contract.ArchiveSource<DomArchiveTypes>;
export type ArchiveResult = Contract.ArchiveResult<DomArchiveTypes>;
export type ExtractTarget = Contract.ExtractTarget<DomArchiveTypes>;
export type OpenedArchive = Contract.OpenedArchive<DomArchiveTypes>;
export type ArchiveCapability = Contract.ArchiveCapability<DomArchiveTypes>;
