import { base64Decode, base64Encode, BinaryReader, BinaryWriter, WireType } from '@bufbuild/protobuf/wire';
import type { OtpAccount, OtpAlgorithm } from './account';
import { base32ToBytes, bytesToBase32, DEFAULT_PERIOD, OtpError, validateOtpAccount } from './account';

/**
 * Google Authenticator's "Transfer accounts" link: `otpauth-migration://offline?data=<base64>`,
 * the data a protobuf MigrationPayload (field numbers as in Aegis' and extract_otp_secrets'
 * google_auth.proto):
 *
 *   OtpParameters { bytes secret = 1; string name = 2; string issuer = 3; Algorithm algorithm = 4;
 *                   DigitCount digits = 5; OtpType type = 6; int64 counter = 7; }
 *   MigrationPayload { repeated OtpParameters otp_parameters = 1; int32 version = 2;
 *                      int32 batch_size = 3; int32 batch_index = 4; int32 batch_id = 5; }
 *
 * The payload has no period: every account in it is a 30-second TOTP or an HOTP.
 */
export interface MigrationBatch {
  accounts: OtpAccount[];
  version: number;
  /** How many links the export was split into (1 when not split). */
  batchSize: number;
  /** 0-based position of this link among them. */
  batchIndex: number;
  /** The same for every link of one export: tells a set of batches apart from another export's. */
  batchId: number;
}

const ALGORITHM_CODES: Record<OtpAlgorithm, number> = { SHA1: 1, SHA256: 2, SHA512: 3 };
const PREFIX = /^otpauth-migration:\/\/offline\?(?:[^#]*&)?data=([^&#]*)/i;

export function isMigrationUri(text: string): boolean {
  return /^otpauth-migration:/i.test(text.trim());
}

function corrupt(): never {
  throw new OtpError('migrationCorrupt');
}

function readAccount(bytes: Uint8Array): OtpAccount {
  const reader = new BinaryReader(bytes);
  let secret: Uint8Array | undefined;
  let name = '';
  let issuer = '';
  let algorithm = 1;
  let digits = 1;
  let type = 2;
  let counter = 0n;
  while (reader.pos < reader.len) {
    const [field, wire] = reader.tag();
    if (field === 1 && wire === WireType.LengthDelimited) secret = reader.bytes();
    else if (field === 2 && wire === WireType.LengthDelimited) name = reader.string();
    else if (field === 3 && wire === WireType.LengthDelimited) issuer = reader.string();
    else if (field === 4 && wire === WireType.Varint) algorithm = reader.int32();
    else if (field === 5 && wire === WireType.Varint) digits = reader.int32();
    else if (field === 6 && wire === WireType.Varint) type = reader.int32();
    else if (field === 7 && wire === WireType.Varint) counter = BigInt(reader.int64());
    else reader.skip(wire, field);
  }
  if (!secret?.length) corrupt();
  // Google Authenticator writes the label as "Issuer:account" when both are known.
  const account = issuer && name.startsWith(`${issuer}:`) ? name.slice(issuer.length + 1) : name;
  return validateOtpAccount({
    // 0 (unspecified) is read as the defaults Google Authenticator itself assumes.
    type: type === 1 ? 'hotp' : 'totp',
    secret: bytesToBase32(secret),
    issuer,
    account: account.trim(),
    algorithm: algorithm === 2 ? 'SHA256' : algorithm === 3 ? 'SHA512' : 'SHA1',
    digits: digits === 2 ? 8 : 6,
    period: DEFAULT_PERIOD,
    counter: counter > BigInt(Number.MAX_SAFE_INTEGER) || counter < 0n ? corrupt() : Number(counter),
  });
}

/**
 * Reads one migration link (one QR code of an export). Throws OtpError('notMigration') for any
 * other text and OtpError('migrationCorrupt') for data that is truncated, not base64, or holds no
 * account.
 */
export function parseMigrationUri(text: string): MigrationBatch {
  const match = PREFIX.exec(text.trim());
  if (!match) throw new OtpError('notMigration');
  let data: string;
  try {
    // A `+` left unescaped by the app that shared the link is base64, not a space.
    data = decodeURIComponent(match[1]!).replace(/ /g, '+');
  } catch {
    corrupt();
  }
  if (!data || !/^[A-Za-z0-9+/_-]+=*$/.test(data)) corrupt();
  try {
    const reader = new BinaryReader(base64Decode(data));
    const batch: MigrationBatch = { accounts: [], version: 0, batchSize: 1, batchIndex: 0, batchId: 0 };
    while (reader.pos < reader.len) {
      const [field, wire] = reader.tag();
      if (field === 1 && wire === WireType.LengthDelimited) batch.accounts.push(readAccount(reader.bytes()));
      else if (field === 2 && wire === WireType.Varint) batch.version = reader.int32();
      else if (field === 3 && wire === WireType.Varint) batch.batchSize = reader.int32();
      else if (field === 4 && wire === WireType.Varint) batch.batchIndex = reader.int32();
      else if (field === 5 && wire === WireType.Varint) batch.batchId = reader.int32();
      else reader.skip(wire, field);
    }
    // Google Authenticator always writes the version after the accounts: without it the link was
    // cut right after an account.
    if (!batch.accounts.length || batch.version < 1 || batch.batchSize < 1 || batch.batchIndex < 0 || batch.batchIndex >= batch.batchSize) {
      corrupt();
    }
    return batch;
  } catch (error) {
    // The reader throws RangeError/Error on a cut varint or length; OtpError from an account.
    if (error instanceof OtpError && error.kind === 'migrationCorrupt') throw error;
    throw new OtpError('migrationCorrupt', error instanceof Error ? error.message : String(error));
  }
}

/** Why an account cannot travel in a Google Authenticator link (the payload has no such field). */
export function migrationBlocker(account: OtpAccount): 'period' | undefined {
  return account.type === 'totp' && account.period !== DEFAULT_PERIOD ? 'period' : undefined;
}

function writeAccount(writer: BinaryWriter, input: OtpAccount): void {
  const account = validateOtpAccount(input);
  writer.uint32((1 << 3) | WireType.LengthDelimited).fork();
  writer.uint32((1 << 3) | WireType.LengthDelimited).bytes(base32ToBytes(account.secret));
  // The name Google Authenticator writes itself: "Issuer:account" when there is an issuer.
  const name = account.issuer ? `${account.issuer}:${account.account}` : account.account;
  writer.uint32((2 << 3) | WireType.LengthDelimited).string(name);
  if (account.issuer) writer.uint32((3 << 3) | WireType.LengthDelimited).string(account.issuer);
  writer.uint32((4 << 3) | WireType.Varint).int32(ALGORITHM_CODES[account.algorithm]);
  writer.uint32((5 << 3) | WireType.Varint).int32(account.digits === 8 ? 2 : 1);
  writer.uint32((6 << 3) | WireType.Varint).int32(account.type === 'hotp' ? 1 : 2);
  if (account.type === 'hotp') writer.uint32((7 << 3) | WireType.Varint).int64(account.counter);
  writer.join();
}

/** Writes one migration link. Accounts with a migrationBlocker are written with the 30 s period. */
export function formatMigrationUri(batch: MigrationBatch): string {
  const writer = new BinaryWriter();
  for (const account of batch.accounts) writeAccount(writer, account);
  writer.uint32((2 << 3) | WireType.Varint).int32(batch.version);
  writer.uint32((3 << 3) | WireType.Varint).int32(batch.batchSize);
  writer.uint32((4 << 3) | WireType.Varint).int32(batch.batchIndex);
  writer.uint32((5 << 3) | WireType.Varint).int32(batch.batchId);
  return `otpauth-migration://offline?data=${encodeURIComponent(base64Encode(writer.finish()))}`;
}

/**
 * Longest link one QR code carries: 600 characters (about 440 payload bytes, some ten typical
 * accounts) is at most a version 19 symbol (93 modules) at error correction M, which a phone
 * camera reads off a laptop screen.
 * Counted on the link, not on accounts, because names and 64-byte SHA512 secrets make accounts
 * differ in size several times.
 */
export const MIGRATION_QR_MAX_CHARS = 600;

/**
 * Splits an export into links as Google Authenticator does: version 1, one batch id for all,
 * batch_size the number of links, batch_index 0…n-1. `batchId` comes from the caller (a random
 * int32) so this stays pure. An account alone over the limit still gets its own link.
 */
export function planMigrationBatches(
  accounts: readonly OtpAccount[],
  batchId: number,
  maxChars: number = MIGRATION_QR_MAX_CHARS,
): string[] {
  const groups: OtpAccount[][] = [];
  let current: OtpAccount[] = [];
  // Sizes are measured with the largest header (10-byte varints) so the final links never grow.
  const measure = (group: OtpAccount[]) =>
    formatMigrationUri({ accounts: group, version: 1, batchSize: 1 << 30, batchIndex: 1 << 30, batchId: -1 }).length;
  for (const account of accounts) {
    if (current.length && measure([...current, account]) > maxChars) {
      groups.push(current);
      current = [];
    }
    current.push(account);
  }
  if (current.length) groups.push(current);
  return groups.map((group, batchIndex) =>
    formatMigrationUri({ accounts: group, version: 1, batchSize: groups.length, batchIndex, batchId: batchId | 0 }),
  );
}

export interface MigrationSet {
  batchId: number;
  batchSize: number;
  /** 0-based indexes read so far, ascending. */
  read: number[];
  /** 0-based indexes not read yet: the page says "QR 2 of 3 is still missing" (Aegis#1734). */
  missing: number[];
}

/**
 * Groups links read so far (in any order, repeats allowed) by export, so an import of a several-code
 * export can say which codes are still to scan instead of silently importing part of it.
 */
export function migrationSets(batches: readonly MigrationBatch[]): MigrationSet[] {
  const sets = new Map<string, { batchId: number; batchSize: number; read: Set<number> }>();
  for (const batch of batches) {
    // Two exports can share a random id only by chance; their sizes then usually differ.
    const key = `${batch.batchId}/${batch.batchSize}`;
    const set = sets.get(key) ?? { batchId: batch.batchId, batchSize: batch.batchSize, read: new Set<number>() };
    set.read.add(batch.batchIndex);
    sets.set(key, set);
  }
  return [...sets.values()].map(({ batchId, batchSize, read }) => {
    const all = Array.from({ length: batchSize }, (_, index) => index);
    return { batchId, batchSize, read: all.filter((index) => read.has(index)), missing: all.filter((index) => !read.has(index)) };
  });
}
