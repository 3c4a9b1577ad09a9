import { z } from 'zod';
import { P2P_MAX_MESSAGE_BYTES } from './transport';

/**
 * The transfer protocol on the wire (docs/p2p-protocol.md): JSON control messages, checked with
 * zod, and binary chunk frames with a fixed 22-byte header. Both carry the protocol version, so a
 * newer peer is told apart from a broken one.
 */
export const P2P_PROTOCOL_VERSION = 1;

/** Payload bytes per chunk frame: the header and the 64 KiB message cap leave room for 60 KiB. */
export const P2P_CHUNK_BYTES = 60 * 1024;
/** The receiver acknowledges at every multiple of this offset and at each file's end. */
export const P2P_ACK_SPAN_BYTES = 16 * P2P_CHUNK_BYTES;
/**
 * Bytes the sender may have in flight beyond the last acknowledgement: it bounds what a receiver
 * with a slow disk queues in memory, and what a resume may have to send again.
 */
export const P2P_WINDOW_BYTES = 8 * P2P_ACK_SPAN_BYTES;
/** Longest text message; longer text goes as a file (its JSON must also fit one message). */
export const P2P_MAX_TEXT_CHARS = 20_000;

export const FRAME_HEADER_BYTES = 22;
const FRAME_CHUNK = 1;

const transferId = z.string().regex(/^[0-9a-f]{16}$/);
const index = z.number().int().min(0).max(1_000_000);
const offset = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** A relative path with '/' between folders: no '..', no absolute paths, no empty or dot parts. */
export function isSafeRelativePath(path: string): boolean {
  if (path.length === 0 || path.length > 1024) return false;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\:*?"<>|\u0000-\u001f]/.test(path)) return false;
  return path.split('/').every((part) => part.length > 0 && part.length <= 255 && part !== '.' && part !== '..');
}

export const offeredFileSchema = z.object({
  index,
  path: z.string().refine(isSafeRelativePath, 'unsafe path'),
  size: offset,
  lastModified: z.number().min(0).max(8.64e15),
  mime: z.string().max(255),
});
export type OfferedFile = z.infer<typeof offeredFileSchema>;

const base = { v: z.literal(P2P_PROTOCOL_VERSION), transferId };

export const controlMessageSchema = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('offer-text'), text: z.string().min(1).max(P2P_MAX_TEXT_CHARS) }),
  // A long file list arrives in several messages: the offer, then 'offer-more' until fileCount.
  z.object({
    ...base,
    type: z.literal('offer-files'),
    fileCount: z.number().int().min(1).max(1_000_000),
    totalBytes: offset,
    files: z.array(offeredFileSchema),
  }),
  z.object({ ...base, type: z.literal('offer-more'), files: z.array(offeredFileSchema).min(1) }),
  z.object({ ...base, type: z.literal('accept') }),
  z.object({ ...base, type: z.literal('decline'), reason: z.literal('declined') }),
  z.object({ ...base, type: z.literal('cancel'), reason: z.enum(['user', 'protocol', 'sender-error', 'receiver-error']) }),
  z.object({ ...base, type: z.literal('ack'), index, offset }),
  z.object({ ...base, type: z.literal('file-end'), index, sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  z.object({ ...base, type: z.literal('file-result'), index, ok: z.boolean() }),
  z.object({ ...base, type: z.literal('resume'), files: z.array(z.object({ index, received: offset })).max(1_000_000) }),
]);
export type ControlMessage = z.infer<typeof controlMessageSchema>;
type Distribute<T> = T extends unknown ? Omit<T, 'v'> : never;
export type ControlMessageInput = Distribute<ControlMessage>;

export interface ChunkFrame {
  transferId: string;
  index: number;
  offset: number;
  data: Uint8Array;
}

export type Parsed =
  | { ok: true; kind: 'control'; message: ControlMessage }
  | { ok: true; kind: 'chunk'; frame: ChunkFrame }
  /** `transferId` when it could still be read, so a message for another transfer is not blamed on this one. */
  | { ok: false; error: 'malformed' | 'version'; transferId?: string };

export function encodeControl(message: ControlMessageInput): string {
  return JSON.stringify({ v: P2P_PROTOCOL_VERSION, ...message });
}

export function encodeChunk(frame: ChunkFrame): Uint8Array {
  const bytes = new Uint8Array(FRAME_HEADER_BYTES + frame.data.byteLength);
  const view = new DataView(bytes.buffer);
  bytes[0] = P2P_PROTOCOL_VERSION;
  bytes[1] = FRAME_CHUNK;
  for (let i = 0; i < 8; i++) bytes[2 + i] = parseInt(frame.transferId.slice(i * 2, i * 2 + 2), 16);
  view.setUint32(10, frame.index);
  view.setBigUint64(14, BigInt(frame.offset));
  bytes.set(frame.data, FRAME_HEADER_BYTES);
  return bytes;
}

const hex = (bytes: Uint8Array): string => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Never throws: whatever arrives is either a message or a reason it is not one. */
export function parseMessage(data: string | Uint8Array): Parsed {
  if (typeof data === 'string') return parseControl(data);
  if (!(data instanceof Uint8Array) || data.byteLength < FRAME_HEADER_BYTES || data.byteLength > P2P_MAX_MESSAGE_BYTES) {
    return { ok: false, error: 'malformed' };
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const id = hex(data.subarray(2, 10));
  if (data[0] !== P2P_PROTOCOL_VERSION) return { ok: false, error: 'version', transferId: id };
  const frameOffset = view.getBigUint64(14);
  if (data[1] !== FRAME_CHUNK || frameOffset > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, error: 'malformed', transferId: id };
  return {
    ok: true,
    kind: 'chunk',
    frame: { transferId: id, index: view.getUint32(10), offset: Number(frameOffset), data: data.subarray(FRAME_HEADER_BYTES) },
  };
}

function parseControl(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, error: 'malformed' };
  }
  const raw = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : {};
  const id = typeof raw.transferId === 'string' ? raw.transferId : undefined;
  if (raw.v !== P2P_PROTOCOL_VERSION) return { ok: false, error: typeof raw.v === 'number' ? 'version' : 'malformed', transferId: id };
  const result = controlMessageSchema.safeParse(json);
  return result.success ? { ok: true, kind: 'control', message: result.data } : { ok: false, error: 'malformed', transferId: id };
}

/** Where an acknowledgement (and so a resume) may fall in a file of `size` bytes. */
export const isAckOffset = (at: number, size: number): boolean => at === size || (at < size && at % P2P_ACK_SPAN_BYTES === 0);
