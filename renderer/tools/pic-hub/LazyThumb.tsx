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
 * there yet, blocked) shows a placeholder instead of the browser's broken image.
 */
export function LazyThumb({ src, alt }: { src: string; alt: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [near, setNear] = useState(observerMissing);
  const [failed, setFailed] = useState<string>();

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

  const broken = !src || failed === src;
  return (
    <span ref={box} className="ph-thumb" data-state={broken ? 'broken' : near ? 'loading' : 'waiting'}>
      {near && !broken ? (
        <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(src)} data-testid="pic-hub-thumb" />
      ) : (
        <Icon icon={PictureOutlined} className="ph-thumb__placeholder" />
      )}
    </span>
  );
}
