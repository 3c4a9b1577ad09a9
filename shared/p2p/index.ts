export * from './transport';
export * from './protocol';
export * from './types';
export * from './offers';
export { P2pSender, type SenderOptions } from './sender';
export { P2pReceiver, type ReceiverCheckpoint, type ReceiverOptions } from './receiver';
export type { TransferOptions } from './transfer-base';
export { SpeedMeter } from './speed';
