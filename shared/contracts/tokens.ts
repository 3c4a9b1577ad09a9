import { z } from 'zod';

/** The account's token pair as a client keeps it between visits. */
export const storedTokensSchema = z.object({
  accessToken: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(1024),
});
export type StoredTokens = z.infer<typeof storedTokensSchema>;

/**
 * Where a client keeps its tokens. Web: the cookies `access_token` / `refresh_token` (spec §9,
 * 30 days). Desktop: an OS-protected store (Electron safeStorage: Keychain, DPAPI, libsecret),
 * because a desktop app has no cookie jar worth trusting.
 */
export interface TokenStoreCapability {
  load(): Promise<Partial<StoredTokens>>;
  save(tokens: StoredTokens): Promise<void>;
  clear(): Promise<void>;
}
