// The platform's second public entry: browser storage (IndexedDB), the same on the website and the
// desktop, so it is no capability. It is not in the main index because `idb` and the databases would
// then load on every tool page; only the tools that keep records import `@/platform/storage`.
export { Database, KeyedStore, StorageError } from './database';
export type { DatabaseDefinition, StorageErrorCode, Upgrade } from './database';
export { readerStorage } from './reader';
export type { StoredBook, StoredBookmark, StoredLocation } from './reader';
export { bookDownloads } from './book-downloads';
export type { StoredDownload } from './book-downloads';
export { picHubStorage, PIC_HUB_THUMBNAIL_MAX_BYTES } from './pic-hub';
export type { HubFileKey, HubFileWithThumbnail, PicHubStorage } from './pic-hub';
export { otpStorage } from './otp';
export type { OtpStorage, OtpStorageMode, StoredOtpAccount } from './otp';
export { createMarkdownStorage, markdownStorage, MARKDOWN_SNAPSHOTS_KEPT } from './markdown';
export type {
  MarkdownDocumentSummary,
  MarkdownStorage,
  StoredMarkdownDocument,
  StoredMarkdownImage,
  StoredMarkdownSnapshot,
} from './markdown';
export { createHandWriteStorage, handWriteStorage } from './hand-write';
export type { HandWriteStorage, StoredHandwritingFile, StoredHandwritingPage, StoredHandwritingRun } from './hand-write';
export { chatStorage, createChatStorage } from './chat';
export type { ChatStorage, StoredChat, StoredChatMessage } from './chat';
export { createP2pTransferStorage, p2pTransferStorage } from './p2p-transfers';
export type { P2pTransferStorage, StoredP2pTransfer } from './p2p-transfers';
