import { describe, expect, it } from 'vitest';
import { detectFeatures, FEATURES } from './features';

describe('detectFeatures', () => {
  it('reports every feature missing on an empty global object', () => {
    const found = detectFeatures({ navigator: {} });
    expect(Object.keys(found)).toEqual(Object.keys(FEATURES));
    expect(Object.values(found).every((value) => value === false)).toBe(true);
  });

  it('finds the APIs a modern Chromium exposes', () => {
    const fn = () => undefined;
    const found = detectFeatures({
      navigator: { gpu: {}, wakeLock: {}, serviceWorker: {}, storage: { getDirectory: fn }, clipboard: {} },
      WebAssembly: {},
      RTCPeerConnection: fn,
      VideoEncoder: fn,
      AudioDecoder: fn,
      showSaveFilePicker: fn,
      indexedDB: {},
    });
    expect(found).toMatchObject({
      WebGPU: true,
      'Wake Lock': true,
      'Service Worker': true,
      OPFS: true,
      Clipboard: true,
      WebAssembly: true,
      WebRTC: true,
      WebCodecs: true,
      'File System Access': true,
      IndexedDB: true,
      WebUSB: false,
      'Web Share': false,
    });
  });

  it('needs cross-origin isolation for SharedArrayBuffer and both halves of WebCodecs', () => {
    const fn = () => undefined;
    expect(detectFeatures({ SharedArrayBuffer: fn, crossOriginIsolated: false }).SharedArrayBuffer).toBe(false);
    expect(detectFeatures({ SharedArrayBuffer: fn, crossOriginIsolated: true }).SharedArrayBuffer).toBe(true);
    expect(detectFeatures({ VideoEncoder: fn }).WebCodecs).toBe(false);
  });

  it('counts a global whose getter throws as missing instead of failing the page', () => {
    const navigator = {};
    Object.defineProperty(navigator, 'storage', {
      get() {
        throw new Error('blocked');
      },
    });
    expect(detectFeatures({ navigator }).OPFS).toBe(false);
  });
});
