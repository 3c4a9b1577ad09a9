import { useEffect } from 'react';

/** Ctrl+K (⌘K on macOS) opens the palette from anywhere; the palette itself loads on first use. */
export function useCommandPaletteShortcut(open: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        open();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);
}
