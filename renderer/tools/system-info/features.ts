/**
 * Feature detection against a global object passed in, so tests hand in fakes. Each check asks
 * for the API's entry point only: calling it (WebGPU's requestAdapter, a wake lock) needs a gesture
 * or a permission and would prompt the user.
 */
export type FeatureGlobals = Record<string, unknown> & { navigator?: Record<string, unknown> };

const inNavigator = (name: string) => (g: FeatureGlobals) => g.navigator != null && name in g.navigator;
const isFunction = (name: string) => (g: FeatureGlobals) => typeof g[name] === 'function';

export const FEATURES = {
  WebGPU: inNavigator('gpu'),
  WebGL2: isFunction('WebGL2RenderingContext'),
  WebCodecs: (g: FeatureGlobals) => typeof g.VideoEncoder === 'function' && typeof g.AudioDecoder === 'function',
  WebAssembly: (g: FeatureGlobals) => typeof g.WebAssembly === 'object' && g.WebAssembly !== null,
  WebRTC: isFunction('RTCPeerConnection'),
  WebTransport: isFunction('WebTransport'),
  WebSocket: isFunction('WebSocket'),
  'Service Worker': inNavigator('serviceWorker'),
  'Web Worker': isFunction('Worker'),
  SharedArrayBuffer: (g: FeatureGlobals) => typeof g.SharedArrayBuffer === 'function' && g.crossOriginIsolated === true,
  'Wake Lock': inNavigator('wakeLock'),
  'File System Access': isFunction('showSaveFilePicker'),
  OPFS: (g: FeatureGlobals) => typeof (g.navigator?.storage as { getDirectory?: unknown } | undefined)?.getDirectory === 'function',
  IndexedDB: (g: FeatureGlobals) => g.indexedDB != null,
  Clipboard: inNavigator('clipboard'),
  'Web Share': inNavigator('share'),
  Notifications: isFunction('Notification'),
  Geolocation: inNavigator('geolocation'),
  MediaRecorder: isFunction('MediaRecorder'),
  'Speech Recognition': (g: FeatureGlobals) => typeof g.SpeechRecognition === 'function' || typeof g.webkitSpeechRecognition === 'function',
  WebXR: inNavigator('xr'),
  WebUSB: inNavigator('usb'),
  'Web Bluetooth': inNavigator('bluetooth'),
  'Web Serial': inNavigator('serial'),
  WebHID: inNavigator('hid'),
  'Payment Request': isFunction('PaymentRequest'),
} satisfies Record<string, (g: FeatureGlobals) => boolean>;

export type FeatureName = keyof typeof FEATURES;

export function detectFeatures(g: FeatureGlobals): Record<FeatureName, boolean> {
  return Object.fromEntries(Object.entries(FEATURES).map(([name, check]) => [name, safely(() => check(g))])) as Record<
    FeatureName,
    boolean
  >;
}

/** A getter that throws (some embedded browsers guard their globals) means "not available". */
function safely(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}
