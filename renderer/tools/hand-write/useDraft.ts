import { useCallback, useEffect, useRef, useState } from 'react';
import { handWriteStorage } from '@/platform/storage';

export interface OwnFont {
  name: string;
  data: ArrayBuffer;
}

export interface Draft {
  /** Undefined until the stored text is read (the page waits for it rather than flash the sample). */
  text: string | undefined;
  ownFont: OwnFont | undefined;
  background: File | undefined;
  setText: (text: string) => void;
  setOwnFont: (font: OwnFont) => void;
  setBackground: (file: File) => void;
}

/** A pause in typing before the text is written (and at once when the page is hidden or left). */
const SAVE_DELAY_MS = 300;

/**
 * The text being written, the own font and the background picture, kept in this browser's handwriting
 * database so a reload or the preview route finds them. Storage failures (private mode, a full disk)
 * leave the page working in memory: keeping the draft is a convenience, not a condition.
 */
export function useDraft(sampleText: string): Draft {
  const [text, setTextState] = useState<string>();
  const [ownFont, setOwnFontState] = useState<OwnFont>();
  const [background, setBackgroundState] = useState<File>();
  const pending = useRef<string | undefined>(undefined);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    let alive = true;
    const read = async () => {
      const [stored, font, picture] = await Promise.all([
        handWriteStorage.text.get(),
        handWriteStorage.files.get('font'),
        handWriteStorage.files.get('background'),
      ]);
      const fontData = font ? await font.blob.arrayBuffer() : undefined;
      return { stored, font: font && fontData ? { name: font.name, data: fontData } : undefined, picture };
    };
    read().then(
      ({ stored, font, picture }) => {
        if (!alive) return;
        setTextState((current) => current ?? stored ?? sampleText);
        setOwnFontState((current) => current ?? font);
        if (picture) setBackgroundState((current) => current ?? new File([picture.blob], picture.name, { type: picture.blob.type }));
      },
      () => {
        if (alive) setTextState((current) => current ?? sampleText);
      },
    );
    return () => {
      alive = false;
    };
    // The sample is read once: a language switch must not replace the user's text.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const text = pending.current;
    pending.current = undefined;
    if (text !== undefined) handWriteStorage.text.put(text).catch(() => undefined);
  }, []);

  useEffect(() => {
    const onHide = () => flush();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    };
  }, [flush]);

  const setText = useCallback(
    (next: string) => {
      setTextState(next);
      pending.current = next;
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, SAVE_DELAY_MS);
    },
    [flush],
  );

  const setOwnFont = useCallback((font: OwnFont) => {
    setOwnFontState(font);
    handWriteStorage.files.put({ key: 'font', name: font.name, blob: new Blob([font.data]) }).catch(() => undefined);
  }, []);

  const setBackground = useCallback((file: File) => {
    setBackgroundState(file);
    handWriteStorage.files.put({ key: 'background', name: file.name, blob: file }).catch(() => undefined);
  }, []);

  return { text, ownFont, background, setText, setOwnFont, setBackground };
}
