import { useCallback, useRef, useState } from 'react';

/** A ref callback and the element's content width, kept current by a ResizeObserver. */
export function useWidth<T extends HTMLElement>(): [(node: T | null) => void, number] {
  const [width, setWidth] = useState(0);
  const observer = useRef<ResizeObserver | undefined>(undefined);
  const ref = useCallback((node: T | null) => {
    observer.current?.disconnect();
    observer.current = undefined;
    if (!node) return;
    // The observer reports the first size itself, after layout: reading clientWidth here would force one.
    observer.current = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.current.observe(node);
  }, []);
  return [ref, width];
}
