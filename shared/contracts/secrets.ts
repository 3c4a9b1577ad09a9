/**
 * Where a tool keeps a token, password or key (`platform.secrets`): the WebDAV passwords of the
 * reader, PicHub's GitHub tokens, later OTP keys and chat keys. Website: AES-GCM in IndexedDB under
 * a non-extractable key made in this browser; desktop: a file per namespace encrypted by the OS
 * (Electron safeStorage), in main. Never plain localStorage, never a tool's own IndexedDB records.
 * No zod here: the page's platform reads this without the schemas (ipc.ts checks the arguments).
 */

/**
 * Every namespace: one per tool that keeps secrets, so keys of different tools never meet. A new
 * user adds its name here (the desktop's IPC refuses any other).
 */
export const SECRET_NAMESPACES = ['webdav', 'pic-hub'] as const;
export type SecretNamespace = (typeof SECRET_NAMESPACES)[number];

/** A key names what the secret belongs to (a WebDAV entry's id, a hub's gid). */
export const SECRET_KEY_MAX_LENGTH = 128;
/** Tokens, passwords and keys are short; this only stops a runaway value from filling the store. */
export const SECRET_MAX_LENGTH = 8192;

export interface SecretStore {
  /**
   * Whether a saved secret outlives this page (website) or this run (desktop). False on a website
   * served over plain http (no WebCrypto to encrypt with) and on a desktop without OS encryption
   * (Linux with no keyring): secrets are then kept in memory only, and the page says they will be
   * asked for again. A method, not a flag: the desktop learns it from main.
   */
  durable(): Promise<boolean>;
  /** Replaces what the key held. */
  save(key: string, secret: string): Promise<void>;
  /** undefined when nothing is saved, or what was saved can no longer be decrypted (then it is dropped). */
  get(key: string): Promise<string | undefined>;
  /** Nothing happens when the key holds nothing. */
  delete(key: string): Promise<void>;
}

export interface SecretsCapability {
  /** The tool's own store; every call with the same namespace reaches the same secrets. */
  store(namespace: SecretNamespace): SecretStore;
}
