import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Presentation } from './pptx-model';
import { SlideView } from './SlideView';
import type { ImageUrls } from './SlideView';

/**
 * The list grows LISTED_PER_FRAME entries and DRAWN_PER_FRAME slide pictures a frame, starting
 * empty: opening a 50-slide deck then never holds the main thread in one long task. The page keys
 * the list by deck, so a new deck starts over.
 */
const LISTED_PER_FRAME = 12;
const DRAWN_PER_FRAME = 2;

interface ThumbnailsProps {
  presentation: Presentation;
  urls: ImageUrls;
  current: number;
  width: number;
  onSelect: (index: number) => void;
}

export function Thumbnails({ presentation, urls, current, width, onSelect }: ThumbnailsProps) {
  const { t } = useTranslation('ppt-preview');
  const [drawn, setDrawn] = useState(0);
  const total = presentation.slides.length;
  const listed = Math.min(total, LISTED_PER_FRAME + drawn * (LISTED_PER_FRAME / DRAWN_PER_FRAME));
  useEffect(() => {
    if (drawn >= total) return;
    const frame = requestAnimationFrame(() => setDrawn((count) => count + DRAWN_PER_FRAME));
    return () => cancelAnimationFrame(frame);
  }, [drawn, total]);
  const list = useRef<HTMLOListElement>(null);
  const moved = useRef(false);
  // Follows the current slide once the reader moves (not on opening, where it would force a layout for nothing).
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    list.current?.querySelector('[aria-current="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);
  const height = (width * presentation.height) / presentation.width;
  return (
    <ol ref={list} className="ppt-thumbs" aria-label={t('thumbnails')} data-testid="ppt-thumbnails">
      {presentation.slides.slice(0, listed).map((slide, index) => (
        <li key={slide.number}>
          <button
            type="button"
            className="ppt-thumb"
            aria-current={index === current}
            aria-label={t('slideLabel', { number: slide.number }) + (slide.hidden ? ` (${t('hidden')})` : '')}
            onClick={() => onSelect(index)}
            data-testid="ppt-thumb"
          >
            <span className="ppt-thumb-number">{slide.number}</span>
            <span className="ppt-thumb-frame" style={{ width, height, opacity: slide.hidden ? 0.5 : 1 }}>
              {index < drawn && <SlideView presentation={presentation} slide={slide} urls={urls} width={width} decorative />}
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
