import type { Account } from '@/platform';
import type { FilesStore } from './files.store';
import type { HubsStore } from './hubs.store';
import type { PicHubSettingsStore } from './settings.store';

export interface PicHubStores {
  hubs: HubsStore;
  settings: PicHubSettingsStore;
  files: FilesStore;
}

/** Reads hubs, settings and records: the hubs and settings first, since the records' links need both. */
export async function loadStores({ hubs, settings, files }: PicHubStores): Promise<void> {
  await Promise.all([hubs.getState().load(), settings.getState().loadRemote()]);
  await files.getState().load();
}

/**
 * While the page is open, a login, logout or change of user (in this tab or another) reads the
 * stores again: the account's hubs, settings and records come with a login and go with a logout.
 * Answers the unsubscribe.
 */
export function followSession(account: Pick<Account, 'onChange'>, stores: PicHubStores, onError: (error: unknown) => void): () => void {
  return account.onChange(() => {
    loadStores(stores).catch(onError);
  });
}
