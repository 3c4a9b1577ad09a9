/** Which accounts an export acts on, and how imported ones join the list: pure, testable under Node. */
import type { OtpAccount } from '@shared/otp/account';
import { otpAccountKey } from '@shared/otp/account';
import type { StoredOtpAccount } from '@/platform/storage';
import type { AddResult } from './otp.service';
import { addAccounts } from './otp.service';

/**
 * The ticked accounts in list order (hidden by a search or not: a tick is explicit), or, with
 * none ticked, every account listed now — what the page says beside the export buttons.
 */
export function exportTargets(
  accounts: readonly StoredOtpAccount[],
  shown: readonly StoredOtpAccount[],
  selected: ReadonlySet<string>,
): StoredOtpAccount[] {
  const ticked = accounts.filter((entry) => selected.has(entry.id));
  return ticked.length > 0 ? ticked : [...shown];
}

/** The ticks that still name an account (a deleted account's tick must not count). */
export function liveSelection(accounts: readonly StoredOtpAccount[], selected: ReadonlySet<string>): Set<string> {
  return new Set(accounts.filter((entry) => selected.has(entry.id)).map((entry) => entry.id));
}

/** Ticks or unticks each of `entries` (the "select all" box acts on the accounts listed now). */
export function setTicks(selected: ReadonlySet<string>, entries: readonly StoredOtpAccount[], on: boolean): Set<string> {
  const next = new Set(selected);
  for (const entry of entries) {
    if (on) next.add(entry.id);
    else next.delete(entry.id);
  }
  return next;
}

/** Ticks every account of a group. */
export const tickGroup = (selected: ReadonlySet<string>, accounts: readonly StoredOtpAccount[], group: string): Set<string> =>
  setTicks(
    selected,
    accounts.filter((entry) => entry.group === group),
    true,
  );

/**
 * addAccounts, except that an incoming account which brings its own group (a backup's) keeps it;
 * links and QR codes carry none and go to `group`.
 */
export function mergeAccounts(
  existing: readonly StoredOtpAccount[],
  incoming: readonly (OtpAccount & { group?: string })[],
  makeId: () => string,
  now: number,
  group = '',
): AddResult {
  const result = addAccounts(existing, incoming, makeId, now, group);
  const own = new Map<string, string>();
  for (const account of incoming) {
    const key = otpAccountKey(account);
    // addAccounts keeps the first of two same accounts: so does the group.
    if (typeof account.group === 'string' && !own.has(key)) own.set(key, account.group);
  }
  if (own.size === 0) return result;
  const accounts = result.accounts.map((entry, index) =>
    index < existing.length ? entry : { ...entry, group: own.get(otpAccountKey(entry)) ?? entry.group },
  );
  return { ...result, accounts };
}
