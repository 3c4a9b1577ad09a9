import type { GithubHubConfig, HubFile, HubRecord } from '@shared/contracts/pic-hub-base';
import type { ImageCapability } from '@shared/contracts/image';
import type { SecretStore } from '@shared/contracts/secrets';
import type { GithubClient } from '@shared/pic-hub/github';
import type { ImagePreset } from '@/lib/pic-hub-upload';
import type { PicHubApi } from './sync';

/**
 * What the tool's stores need from outside, handed in (deps.ts wires the real ones: the PicHub
 * browser database, `platform.secrets`, the account, the GitHub client over `fetch`, the image
 * capability, the image tools' presets). Tests hand in fakes of the same shape.
 */

/** Hub records in this browser (token-free: the token is in `secrets`). */
export interface HubRecords {
  all(): Promise<HubRecord[]>;
  put(hub: HubRecord): Promise<void>;
  delete(gid: string): Promise<void>;
}

/** File records in this browser, stored per type and gid (spec §3). */
export interface FileRecords {
  all(): Promise<HubFile[]>;
  /** With `thumbnail`, the gallery's small copy is kept beside the record. */
  put(files: readonly (HubFile & { thumbnail?: Blob })[]): Promise<void>;
  delete(files: readonly Pick<HubFile, 'type' | 'gid'>[]): Promise<void>;
}

export type { ImagePreset };

export interface PicHubDeps {
  api: PicHubApi;
  hubRecords: HubRecords;
  fileRecords: FileRecords;
  /** platform.secrets.store('pic-hub'), keyed by hub gid. */
  secrets: SecretStore;
  github(config: GithubHubConfig): GithubClient;
  image: Pick<ImageCapability, 'process'>;
  presets(toolId: 'image-compress' | 'image-watermark'): readonly ImagePreset[];
  /** Resolves when the URL answers (CDN probe); rejects otherwise or on abort. */
  probe(url: string, signal: AbortSignal): Promise<void>;
  now(): number;
  newId(): string;
}
