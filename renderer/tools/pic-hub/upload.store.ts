import { PIC_HUB_SYS_UPLOAD_MAX_BYTES } from '@shared/contracts/pic-hub-base';
import type { HubFile } from '@shared/contracts/pic-hub-base';
import type { GithubProgress } from '@shared/pic-hub/github';
import { BatchJobs } from '@/lib/batch-jobs';
import type { JobUpdate } from '@/lib/batch-jobs';
import { create } from 'zustand';
import { kindOfProblem, PicHubError, problemOf } from '@/lib/pic-hub-upload';
import type { PicHubProblem } from '@/lib/pic-hub-upload';
import type { FilesStore } from './files.store';
import { activeHub } from './hubs.store';
import type { HubsStore, HubView } from './hubs.store';
import type { PicHubDeps } from './ports';
import type { PicHubSettingsStore } from './settings.store';
import { checkSize, compressionOf, preparePicture, uploadToHub, watermarkOf } from '@/lib/pic-hub-upload';
import type { PrepareOptions, PreparedPicture } from '@/lib/pic-hub-upload';

/**
 * The upload tab's items (spec §2 upload, §4 upload flow): each picture is prepared on its own
 * (BatchJobs: checks, compression, watermark, hash), then the pictures added together go to GitHub
 * as one call sequence — one file `PUT contents`, several one commit. Then the records: a visitor's
 * stay in this browser (LOCAL); a logged-in user's hub is synced (checkAndSyncHub) and the records
 * are saved on the account and here (REMOTE). Paste, drop and pick all hand over `File[]`.
 */

export type UploadStatus = 'queued' | 'loading' | 'success' | 'error' | 'cancelled';

export interface UploadItem {
  id: string;
  /** The picture as picked, kept for a retry. */
  source: File;
  name: string;
  originalSize: number;
  status: UploadStatus;
  /** Spec §3 upload item flags: loading until it ends; then success, or error (success false). */
  loading: boolean;
  success: boolean;
  error: boolean;
  /** Why it failed: the kind, with when GitHub's limit resets or the server's words when known. */
  errorKind?: PicHubProblem;
  /** 0…1: preparing, then the batch's GitHub requests. */
  progress: number;
  /** Bytes uploaded (after compression), known once prepared. */
  size?: number;
  /** The record once uploaded; its links come from `files.linksOf`. */
  file?: HubFile;
  /** Uploaded, but the account could not save its record: it is kept in this browser (LOCAL). */
  syncError?: PicHubProblem;
}

export interface UploadState {
  items: UploadItem[];
  /** Items still queued or uploading. */
  busy: boolean;
  /** Queues pictures: those added together are one commit. Empty and oversized files fail at once. */
  add(files: readonly File[]): void;
  /** Runs failed or cancelled items again (all of them together: one commit). */
  retry(ids: readonly string[]): void;
  /** A preparing item stops alone; an item already sending stops its whole commit. */
  cancel(id: string): void;
  cancelAll(): void;
  remove(id: string): void;
  /** Forgets ended items (uploaded, failed, cancelled). */
  clearEnded(): void;
}

const flags = (status: UploadStatus) => ({
  status,
  loading: status === 'queued' || status === 'loading',
  success: status === 'success',
  error: status === 'error',
});

/** Several at once: each hands its work to the image capability's pool; more would only queue there. */
const PREPARE_CONCURRENCY = 2;

interface Batch {
  ids: string[];
  prepared: Map<string, PreparedPicture>;
  controller: AbortController;
  sending: boolean;
}

export function createUploadStore(deps: PicHubDeps, stores: { hubs: HubsStore; settings: PicHubSettingsStore; files: FilesStore }) {
  const { api } = deps;
  const batches = new Map<string, Batch>();
  const batchOf = new Map<string, Batch>();

  return create<UploadState>()((set, get) => {
    const patch = (id: string, change: Partial<UploadItem>) =>
      set((state) => {
        const items = state.items.map((item) => (item.id === id ? { ...item, ...change } : item));
        return { items, busy: items.some((item) => item.loading) };
      });
    const end = (id: string, problem: PicHubProblem) =>
      patch(id, { ...flags(kindOfProblem(problem) === 'cancelled' ? 'cancelled' : 'error'), errorKind: problem, progress: 0 });

    const prepareOptions = (): PrepareOptions => {
      const settings = stores.settings.getState();
      const preset = (toolId: 'image-compress' | 'image-watermark', id: string | undefined) =>
        id === undefined ? undefined : deps.presets(toolId).find((one) => one.id === id);
      return {
        compression: settings.compression ? compressionOf(preset('image-compress', settings.compressPresetId)) : undefined,
        watermark: watermarkOf(preset('image-watermark', settings.watermarkPresetId)),
      };
    };

    const jobs = new BatchJobs<{ file: File; options: PrepareOptions }, PreparedPicture>({
      concurrency: PREPARE_CONCURRENCY,
      progressInterval: 100,
      run: ({ file, options }, job) =>
        preparePicture(file, deps.image, { ...options, signal: job.signal, onProgress: (fraction) => job.progress(fraction) }),
      onUpdate: (id, update: JobUpdate<PreparedPicture>) => {
        const batch = batchOf.get(id);
        if (update.status === 'running') patch(id, { ...flags('loading'), progress: update.progress * 0.5 });
        else if (update.status === 'done') {
          batch?.prepared.set(id, update.result);
          patch(id, { size: update.result.bytes.byteLength, progress: 0.5 });
        } else if (update.status === 'error') end(id, problemOf(update.error));
        else if (update.status === 'cancelled') end(id, 'cancelled');
        if (batch && update.status !== 'queued' && update.status !== 'running') maybeSend(batch);
      },
    });

    const settled = (batch: Batch) =>
      batch.ids.every((id) => {
        const item = get().items.find((one) => one.id === id);
        return !item || !item.loading || batch.prepared.has(id);
      });

    const maybeSend = (batch: Batch) => {
      if (batch.sending || !settled(batch)) return;
      batch.sending = true;
      void send(batch).finally(() => {
        for (const id of batch.ids) if (batchOf.get(id) === batch) batchOf.delete(id);
        for (const [key, value] of batches) if (value === batch) batches.delete(key);
      });
    };

    /** The batch's prepared pictures, in the order they were added, still wanted. */
    const readyOf = (batch: Batch) =>
      batch.ids.flatMap((id) => {
        const picture = batch.prepared.get(id);
        const item = get().items.find((one) => one.id === id);
        return picture && item?.loading ? [{ id, picture }] : [];
      });

    const send = async (batch: Batch) => {
      const ready = readyOf(batch);
      if (ready.length === 0) return;
      const signal = batch.controller.signal;
      try {
        const hub = activeHub(stores.hubs.getState());
        if (!hub) throw new PicHubError('noHub');
        const records = hub.isSysDefault ? await sendToSystemHub(hub, ready, signal) : await sendToOwnHub(hub, ready, signal);
        await keepRecords(hub, records);
      } catch (error) {
        const kind = signal.aborted ? 'cancelled' : problemOf(error);
        for (const { id } of ready) if (get().items.find((item) => item.id === id)?.loading) end(id, kind);
      }
    };

    const sendToOwnHub = async (hub: HubView, ready: { id: string; picture: PreparedPicture }[], signal: AbortSignal) => {
      const config = await stores.hubs.getState().configOf(hub.gid);
      const settings = stores.settings.getState();
      const onProgress = ({ done, total }: GithubProgress) => {
        for (const { id } of ready) patch(id, { progress: 0.5 + (0.5 * done) / Math.max(total, 1) });
      };
      const records = await uploadToHub(
        deps.github(config),
        config,
        ready.map(({ picture }) => picture),
        {
          renameType: settings.renameType,
          renamePattern: settings.renamePattern,
          storage: api.loggedIn() ? 'REMOTE' : 'LOCAL',
          now: deps.now(),
          newId: deps.newId,
          signal,
          onProgress,
        },
      );
      return ready.map(({ id, picture }, index) => ({ id, record: records[index]!, thumbnail: picture.thumbnail }));
    };

    /** Beyond the spec: the server uploads each picture to the admin's system hub (one call, one commit each). */
    const sendToSystemHub = async (hub: HubView, ready: { id: string; picture: PreparedPicture }[], signal: AbortSignal) => {
      const records: { id: string; record: HubFile; thumbnail?: Blob }[] = [];
      for (const { id, picture } of ready) {
        if (signal.aborted) throw new PicHubError('cancelled');
        try {
          // The system hub takes less than one's own hub (PIC_HUB_SYS_UPLOAD_MAX_BYTES): said here, not after sending it.
          if (picture.bytes.byteLength > PIC_HUB_SYS_UPLOAD_MAX_BYTES) throw new PicHubError('tooLarge');
          const answered = await api.systemUpload(picture.bytes, picture.originalName, picture.mediaType);
          records.push({
            id,
            record: { ...answered, originalName: picture.originalName, originalSize: picture.originalSize, hubId: hub.gid },
          });
        } catch (error) {
          end(id, problemOf(error));
        }
      }
      return records;
    };

    /** Spec §4: logged in, the hub is synced and the records saved on the account, then here; a visitor's stay here. */
    const keepRecords = async (hub: HubView, uploaded: { id: string; record: HubFile; thumbnail?: Blob }[]) => {
      const scoped = (storage: 'LOCAL' | 'REMOTE') => uploaded.map(({ record }) => ({ ...record, storage }));
      let records = scoped('LOCAL');
      let syncError: PicHubProblem | undefined;
      if (api.loggedIn()) {
        try {
          // The system hub is the site's: nothing to sync, but the records are the user's.
          if (!hub.isSysDefault) await stores.hubs.getState().checkAndSyncHub(hub.gid);
          await api.saveFiles(scoped('REMOTE'));
          records = scoped('REMOTE');
        } catch (error) {
          syncError = problemOf(error);
        }
      }
      try {
        await deps.fileRecords.put(records.map((record, index) => ({ ...record, thumbnail: uploaded[index]!.thumbnail })));
      } catch (error) {
        // The pictures are in the hub; only this browser's list lacks them (the account has them when logged in).
        syncError ??= problemOf(error);
      }
      stores.files.getState().add(records);
      uploaded.forEach(({ id }, index) =>
        patch(id, { ...flags('success'), progress: 1, file: records[index], ...(syncError ? { syncError } : {}) }),
      );
    };

    const start = (entries: { id: string; file: File }[]) => {
      const batch: Batch = { ids: [], prepared: new Map(), controller: new AbortController(), sending: false };
      const options = prepareOptions();
      for (const { id, file } of entries) {
        try {
          checkSize(file);
        } catch (error) {
          end(id, problemOf(error));
          continue;
        }
        batch.ids.push(id);
        batchOf.set(id, batch);
      }
      if (batch.ids.length === 0) return;
      batches.set(batch.ids[0]!, batch);
      for (const id of batch.ids) {
        const file = entries.find((entry) => entry.id === id)!.file;
        jobs.add(id, { file, options });
      }
    };

    /**
     * In the page's first instant the hubs are still loading: pictures pasted or dropped then wait
     * for them (shown queued) instead of failing with noHub. Those cancelled or removed meanwhile stay out.
     */
    const startWhenHubsLoaded = (entries: { id: string; file: File }[]) => {
      const ready = ({ loaded, loading }: { loaded: boolean; loading: boolean }) => loaded || !loading;
      const go = () => start(entries.filter(({ id }) => get().items.find((item) => item.id === id)?.status === 'queued'));
      if (ready(stores.hubs.getState())) return go();
      const unsubscribe = stores.hubs.subscribe((state) => {
        if (!ready(state)) return;
        unsubscribe();
        go();
      });
    };

    return {
      items: [],
      busy: false,

      add(files) {
        const entries = files.map((file) => ({ id: deps.newId(), file }));
        const items: UploadItem[] = entries.map(({ id, file }) => ({
          id,
          source: file,
          name: file.name,
          originalSize: file.size,
          ...flags('queued'),
          progress: 0,
        }));
        set((state) => ({ items: [...state.items, ...items], busy: true }));
        startWhenHubsLoaded(entries);
      },

      retry(ids) {
        const entries = get()
          .items.filter((item) => ids.includes(item.id) && (item.status === 'error' || item.status === 'cancelled'))
          .map((item) => ({ id: item.id, file: item.source }));
        for (const { id } of entries)
          patch(id, { ...flags('queued'), progress: 0, errorKind: undefined, syncError: undefined, file: undefined });
        start(entries);
      },

      cancel(id) {
        const batch = batchOf.get(id);
        if (batch?.sending) {
          batch.controller.abort();
          return;
        }
        jobs.cancel(id);
        if (get().items.find((item) => item.id === id)?.loading) end(id, 'cancelled');
        if (batch) maybeSend(batch);
      },

      cancelAll() {
        for (const item of get().items) if (item.loading) get().cancel(item.id);
      },

      remove(id) {
        // A row whose commit is being sent goes from the list only: the others of its commit go on.
        const batch = batchOf.get(id);
        jobs.remove(id);
        batchOf.delete(id);
        set((state) => {
          const items = state.items.filter((item) => item.id !== id);
          return { items, busy: items.some((item) => item.loading) };
        });
        if (batch) maybeSend(batch);
      },

      clearEnded() {
        set((state) => ({ items: state.items.filter((item) => item.loading) }));
      },
    };
  });
}

export type UploadStore = ReturnType<typeof createUploadStore>;
