/**
 * The platform's public index for code that runs inside a Web Worker. Workers cannot use
 * `@/platform` itself: it picks implementations from `window.native` and would pull every
 * capability into each worker's bundle. Tools' workers import from here, nothing deeper.
 */
export { decodeBitmap } from './image/decode-bitmap';
