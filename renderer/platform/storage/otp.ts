import type { DBSchema } from 'idb';
import type { OtpAccount } from '@shared/otp/account';
import { Database } from './database';

/** One authenticator account as the page keeps it when no vault password is set. */
export interface StoredOtpAccount extends OtpAccount {
  id: string;
  group: string;
  /** Position in the user's list; the list is shown in ascending order. */
  order: number;
  /** Epoch milliseconds. */
  createTime: number;
  /** Up to two characters the round icon shows instead of the issuer's first letter (the edit drawer's). */
  icon?: string;
}

/**
 * The encrypted vault: the whole account list sealed with the user's password. `sealed` is the
 * backup JSON text of renderer/lib/otp-vault.ts (kdf parameters, salt, iv, ciphertext), kept
 * verbatim so this layer never needs to know the crypto format.
 */
export interface StoredOtpVault {
  id: typeof VAULT_KEY;
  sealed: string;
  updateTime: number;
}

const VAULT_KEY = 'vault';

interface OtpSchema extends DBSchema {
  account: { key: string; value: StoredOtpAccount };
  vault: { key: string; value: StoredOtpVault };
}

/** What the database holds: nothing yet, readable accounts, or one sealed vault. */
export type OtpStorageMode = 'empty' | 'plain' | 'vault';

/**
 * The OTP database (issue 17; spec §9 "browser databases version 1"). It holds EITHER plain
 * accounts OR one encrypted vault record, never both: switching is one transaction, so a crash
 * midway cannot leave secrets readable beside the vault, nor lose them.
 */
export function createOtpStorage(name = 'Otp') {
  const database = new Database<OtpSchema>({
    name,
    upgrades: [
      (db) => {
        db.createObjectStore('account', { keyPath: 'id' });
        db.createObjectStore('vault', { keyPath: 'id' });
      },
    ],
  });

  const run = database.run.bind(database);

  /** Replaces both stores' content in one read-write transaction: all is kept or nothing. */
  const replace = (accounts: readonly StoredOtpAccount[], vault: StoredOtpVault | undefined): Promise<void> =>
    database.write(['account', 'vault'], (transaction, requests) => {
      requests.push(transaction.objectStore('account').clear(), transaction.objectStore('vault').clear());
      for (const account of accounts) requests.push(transaction.objectStore('account').put(account));
      if (vault) requests.push(transaction.objectStore('vault').put(vault));
    });

  const byOrder = (accounts: StoredOtpAccount[]) => accounts.sort((a, b) => a.order - b.order || a.createTime - b.createTime);

  return {
    async mode(): Promise<OtpStorageMode> {
      return run(async (db) => {
        if ((await db.count('vault')) > 0) return 'vault';
        return (await db.count('account')) > 0 ? 'plain' : 'empty';
      });
    },

    /** The plain accounts in the user's order (none while a vault is set). */
    accounts: (): Promise<StoredOtpAccount[]> => run(async (db) => byOrder(await db.getAll('account'))),

    /** Adds or replaces plain accounts in one transaction. */
    putAccounts: (accounts: readonly StoredOtpAccount[]): Promise<void> =>
      run(async (db) => {
        const transaction = db.transaction('account', 'readwrite');
        await Promise.all([...accounts.map((account) => transaction.store.put(account)), transaction.done]);
      }),

    deleteAccount: (id: string): Promise<void> => run((db) => db.delete('account', id)),

    /** Writes the whole plain list (e.g. after a reorder or an import) and drops any vault. */
    savePlain: (accounts: readonly StoredOtpAccount[]): Promise<void> => replace(accounts, undefined),

    /** The sealed vault text, or undefined when no password is set. */
    vault: async (): Promise<string | undefined> => (await run((db) => db.get('vault', VAULT_KEY)))?.sealed,

    /** Stores the sealed list and removes every plain account in the same transaction. */
    saveVault: (sealed: string): Promise<void> => replace([], { id: VAULT_KEY, sealed, updateTime: Date.now() }),

    /** Deletes everything (a forgotten password: the user starts again). */
    clear: (): Promise<void> => replace([], undefined),

    close: (): Promise<void> => database.close(),
  };
}

export type OtpStorage = ReturnType<typeof createOtpStorage>;

/** The authenticator's browser storage. */
export const otpStorage: OtpStorage = createOtpStorage();
