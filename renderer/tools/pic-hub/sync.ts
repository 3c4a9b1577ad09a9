import type { Page } from '@shared/contracts/api';
import { HUB_FILES_PER_BATCH_MAX, PIC_HUB_FILE_PATH, PIC_HUB_GIDS_PER_DELETE_MAX, PIC_HUB_PATH } from '@shared/contracts/pic-hub-base';
import type { HubFile, HubRecord, HubType, StorageScope } from '@shared/contracts/pic-hub-base';
import type { PicHubSettingsRecord } from '@shared/contracts/pic-hub';
import type { Account } from '@/platform';

/**
 * The account side of spec §4/§7: every `/api/busi/pic-hub*` call the page makes, in one place, as
 * the logged-in user (background calls: an ended session rejects instead of leaving the page).
 * Stores decide when to call; this only knows paths and shapes.
 */
export type PicHubAccount = Pick<Account, 'userId' | 'get' | 'post' | 'put' | 'delete' | 'postOnLeave'>;

/** What `POST …/pic-hub/save` takes: the config as JSON text, token included (stored encrypted). */
export interface HubSave {
  gid: string;
  type: HubType;
  config: string;
  storage?: StorageScope;
  updateTime?: number;
  createTime?: number;
}

/** The server answers pages of up to this many; hubs are few, so one page is all of them. */
const HUB_PAGE_SIZE = 100;
export const FILE_PAGE_SIZE = 60;

export interface FileQuery {
  pageNum: number;
  pageSize?: number;
  keyword?: string;
  hubId?: string;
}

const chunks = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
};

export function picHubApi(account: PicHubAccount) {
  return {
    loggedIn: () => account.userId() !== undefined,

    async listHubs(): Promise<HubRecord[]> {
      const page = await account.get<Page<HubRecord> | null>(`${PIC_HUB_PATH}/list/page/mine`, { pageNum: 1, pageSize: HUB_PAGE_SIZE });
      return page?.list ?? [];
    },
    saveHub: (hub: HubSave) => account.post<HubRecord>(`${PIC_HUB_PATH}/save`, hub),
    deleteHub: (gid: string) => account.delete<unknown>(`${PIC_HUB_PATH}/mine`, { gid }),
    setDefaultHub: (gid: string) => account.put<unknown>(`${PIC_HUB_PATH}/default`, { gid }),
    /** The admin's system hub without its token, or null; public. */
    systemHub: () => account.get<HubRecord | null>(`${PIC_HUB_PATH}/sys/default`),

    /** Records in batches the server takes (HUB_FILES_PER_BATCH_MAX each). */
    async saveFiles(files: readonly HubFile[]): Promise<void> {
      for (const part of chunks(files, HUB_FILES_PER_BATCH_MAX)) await account.post<unknown>(`${PIC_HUB_FILE_PATH}/batch`, { files: part });
    },
    listFiles: ({ pageNum, pageSize = FILE_PAGE_SIZE, keyword, hubId }: FileQuery) =>
      account.get<Page<HubFile>>(`${PIC_HUB_FILE_PATH}/list/page/mine`, {
        pageNum,
        pageSize,
        ...(keyword ? { keyword } : {}),
        ...(hubId ? { hubId } : {}),
      }),
    async deleteFiles(gids: readonly string[]): Promise<void> {
      for (const part of chunks(gids, PIC_HUB_GIDS_PER_DELETE_MAX))
        await account.delete<unknown>(`${PIC_HUB_FILE_PATH}/mine`, { gids: part });
    },

    loadSettings: () => account.get<PicHubSettingsRecord | null>(`${PIC_HUB_PATH}/settings/mine`),
    saveSettings: (settings: string, githubCdns: string) =>
      account.post<unknown>(`${PIC_HUB_PATH}/settings/mine/save`, { settings, githubCdns }),
    saveSettingsOnLeave: (settings: string, githubCdns: string) =>
      account.postOnLeave(`${PIC_HUB_PATH}/settings/mine/save`, { settings, githubCdns }),

    /** Beyond the spec: the server uploads one picture to the system hub and answers its record. */
    systemUpload(bytes: Uint8Array<ArrayBuffer>, name: string, mediaType: string): Promise<HubFile> {
      const form = new FormData();
      form.append('file', new Blob([bytes], { type: mediaType }), name);
      return account.post<HubFile>(`${PIC_HUB_PATH}/sys/upload`, form);
    },
  };
}
export type PicHubApi = ReturnType<typeof picHubApi>;
