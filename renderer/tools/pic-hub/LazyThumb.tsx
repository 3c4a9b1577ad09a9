import PictureOutlined from '@ant-design/icons-svg/es/asn/PictureOutlined';
import { useEffect, useRef, useState } from 'react';
import { Icon } from '@/components/Icon';

/** Spec §8: where the browser lacks IntersectionObserver the gallery says so and loads every thumbnail at once. */
export const observerMissing = () => typeof IntersectionObserver === 'undefined';

/** Start loading a little before the card scrolls into view, so a flick does not show blank cards. */
const AHEAD = '200px';

/**
 * A gallery thumbnail that asks the CDN for its picture only once the card nears the screen: a
 * gallery of hundreds costs the pictures the user scrolls to. A picture the CDN cannot serve (not
 * there yet, blocked, offline) shows the thumbnail kept at upload, else a placeholder instead of
 * the browser's broken image.
 */
export function LazyThumb({ src, alt, stored }: { src: string; alt: string; stored?: () => Promise<Blob | undefined> }) {
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(observerMissing);
  const [failed, setFailed] = useState<string>();
  const [fallback, setFallback] = useState<string>();

  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  // The CDN could not serve it: the small copy this browser kept at upload, when there is one.
  const cdnFailed = !src || failed === src;
  useEffect(() => {
    if (!near || !cdnFailed || !stored) return;
    let url: string | undefined;
    let live = true;
    stored().then(
      (blob) => {
        if (!live || !blob) return;
        url = URL.createObjectURL(blob);
        setFallback(url);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [near, cdnFailed, stored]);

  const shown = cdnFailed ? fallback : src;
  return (
    <span ref={box} className="ph-thumb" data-state={shown ? (near ? 'loading' : 'waiting') : 'broken'}>
      {near && shown ? (
        <img
          src={shown}
          alt={alt}
          loading="lazy"
          decoding="async"
          onError={() => (cdnFailed ? setFallback(undefined) : setFailed(src))}
          data-testid="pic-hub-thumb"
        />
      ) : (
        <Icon icon={PictureOutlined} className="ph-thumb__placeholder" />
      )}
    </span>
  );
}
