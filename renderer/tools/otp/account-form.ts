/** The edit drawer's pure part: a record as text fields, and those fields checked back into a record. */
import type { OtpAccount, OtpAlgorithm, OtpErrorKind, OtpType } from '@shared/otp/account';
import { DEFAULT_PERIOD, isOtpError, otpAccountKey, validateOtpAccount } from '@shared/otp/account';
import type { StoredOtpAccount } from '@/platform/storage';

/** What the drawer's fields hold: numbers stay text until saved, so a half-typed "3" is not refused while typing. */
export interface AccountDraft {
  issuer: string;
  account: string;
  secret: string;
  type: OtpType;
  algorithm: OtpAlgorithm;
  digits: '6' | '8';
  period: string;
  counter: string;
  group: string;
  icon: string;
}

export type DraftField = keyof AccountDraft;

/** Why a draft was refused: one of the OTP cores' reasons, or the drawer's own. */
export type DraftProblem = OtpErrorKind | 'iconTooLong' | 'duplicate';

/** The most characters the round icon shows legibly at 36 px. */
export const MAX_ICON_LETTERS = 2;

export const EMPTY_DRAFT: AccountDraft = {
  issuer: '',
  account: '',
  secret: '',
  type: 'totp',
  algorithm: 'SHA1',
  digits: '6',
  period: String(DEFAULT_PERIOD),
  counter: '0',
  group: '',
  icon: '',
};

export function draftOf(entry: StoredOtpAccount): AccountDraft {
  return {
    issuer: entry.issuer,
    account: entry.account,
    secret: entry.secret,
    type: entry.type,
    algorithm: entry.algorithm,
    digits: entry.digits === 8 ? '8' : '6',
    period: String(entry.period),
    counter: String(entry.counter),
    group: entry.group,
    icon: entry.icon ?? '',
  };
}

/** The field each core refusal points at, so the message shows under the right input. */
const FIELD_OF: Partial<Record<DraftProblem, DraftField>> = {
  missingSecret: 'secret',
  secretNotBase32: 'secret',
  badAlgorithm: 'algorithm',
  badDigits: 'digits',
  badPeriod: 'period',
  badCounter: 'counter',
  iconTooLong: 'icon',
  duplicate: 'secret',
};

export type DraftCheck =
  | { ok: true; account: OtpAccount; group: string; icon: string }
  | { ok: false; field: DraftField; problem: DraftProblem; duplicateOf?: StoredOtpAccount };

/** A number field as typed: empty or anything but digits is NaN, so the core refuses it ("" is not 0). */
const wholeNumber = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/**
 * Checks every field the way an imported link is checked (validateOtpAccount), plus the icon's
 * length and, against `others` (the list without the record being edited), a secret that another
 * account of the same type already has: saving it would make the two indistinguishable on import.
 */
export function checkDraft(draft: AccountDraft, others: readonly StoredOtpAccount[]): DraftCheck {
  let account: OtpAccount;
  try {
    account = validateOtpAccount({
      type: draft.type,
      secret: draft.secret,
      issuer: draft.issuer,
      account: draft.account,
      algorithm: draft.algorithm,
      digits: Number(draft.digits) as OtpAccount['digits'],
      period: wholeNumber(draft.period),
      counter: wholeNumber(draft.counter),
    });
  } catch (error) {
    if (!isOtpError(error)) throw error;
    return { ok: false, field: FIELD_OF[error.kind] ?? 'secret', problem: error.kind };
  }
  const icon = draft.icon.trim();
  if ([...icon].length > MAX_ICON_LETTERS) return { ok: false, field: 'icon', problem: 'iconTooLong' };
  const key = otpAccountKey(account);
  const duplicateOf = others.find((other) => otpAccountKey(other) === key);
  if (duplicateOf) return { ok: false, field: 'secret', problem: 'duplicate', duplicateOf };
  return { ok: true, account, group: draft.group.trim(), icon };
}
