import { encodeControl, parseMessage, type OfferedFile } from './protocol';
import type { P2pTransport } from './transport';

export interface TextOffer {
  kind: 'text';
  transferId: string;
  text: string;
}
export interface FilesOffer {
  kind: 'files';
  transferId: string;
  /** In order, `index` 0..n-1; `path` may hold folders ('photos/2024/a.jpg'). */
  files: OfferedFile[];
  totalBytes: number;
}
export type IncomingOffer = TextOffer | FilesOffer;

/**
 * Calls `onOffer` for every complete offer on the link (a long file list arrives in several
 * messages). After a reconnect an unanswered offer comes again with the same transferId: the page
 * shows it once. A malformed offer, or one in another protocol version, is refused with a protocol
 * cancel, so the sender does not wait.
 */
export function watchOffers(transport: P2pTransport, onOffer: (offer: IncomingOffer) => void): () => void {
  const pending = new Map<string, { fileCount: number; totalBytes: number; files: OfferedFile[] }>();
  const refusedVersions = new Set<string>();
  const refuse = (transferId: string): void => {
    pending.delete(transferId);
    transport.send(encodeControl({ type: 'cancel', transferId, reason: 'protocol' })).catch(() => undefined);
  };
  const complete = (transferId: string): void => {
    const offer = pending.get(transferId)!;
    if (offer.files.length < offer.fileCount) return;
    pending.delete(transferId);
    const inOrder = offer.files.length === offer.fileCount && offer.files.every((file, index) => file.index === index);
    const total = offer.files.reduce((sum, file) => sum + file.size, 0);
    if (!inOrder || total !== offer.totalBytes) return refuse(transferId);
    onOffer({ kind: 'files', transferId, files: offer.files, totalBytes: offer.totalBytes });
  };
  return transport.onMessage((data) => {
    if (typeof data !== 'string') return;
    const parsed = parseMessage(data);
    if (!parsed.ok && parsed.error === 'version' && parsed.transferId && /^[0-9a-f]{16}$/.test(parsed.transferId)) {
      // A newer peer's offer: refused at once (in our version), so it does not wait for an answer.
      if (!refusedVersions.has(parsed.transferId)) refuse(parsed.transferId);
      refusedVersions.add(parsed.transferId);
      return;
    }
    if (!parsed.ok || parsed.kind !== 'control') return;
    const message = parsed.message;
    if (message.type === 'offer-text') {
      onOffer({ kind: 'text', transferId: message.transferId, text: message.text });
    } else if (message.type === 'offer-files') {
      pending.set(message.transferId, { fileCount: message.fileCount, totalBytes: message.totalBytes, files: [...message.files] });
      complete(message.transferId);
    } else if (message.type === 'offer-more') {
      const offer = pending.get(message.transferId);
      if (!offer) return;
      offer.files.push(...message.files);
      complete(message.transferId);
    }
  });
}

/** Accepting a text offer is all it takes: the text is already here. */
export function acceptText(transport: P2pTransport, offer: TextOffer): void {
  transport.send(encodeControl({ type: 'accept', transferId: offer.transferId })).catch(() => undefined);
}

export function declineOffer(transport: P2pTransport, offer: IncomingOffer): void {
  transport.send(encodeControl({ type: 'decline', transferId: offer.transferId, reason: 'declined' })).catch(() => undefined);
}
