/**
 * Keeping the display awake from the desktop app: Electron's powerSaveBlocker
 * ('prevent-display-sleep'), which holds even while the window is in the background, unlike the
 * browser's Wake Lock. The website has none (`platform.screenAwake` undefined): it uses Wake Lock.
 */
export interface ScreenAwakeCapability {
  /** on: the display stays awake until `keep(false)` or the page goes away (closed, reloaded, navigated). */
  keep(on: boolean): Promise<void>;
}
