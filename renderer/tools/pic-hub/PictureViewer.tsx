import CloseOutlined from '@ant-design/icons-svg/es/asn/CloseOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useEffect, useRef, useState } from 'react';
import type { TouchEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { Icon } from '@/components/Icon';
import { formatFileSize } from '@/lib/format';
import { LINK_FORMATS } from '@shared/contracts/pic-hub-base';
import type { HubFile, LinkFormat } from '@shared/contracts/pic-hub-base';

/** A horizontal swipe longer than this (px), and longer than it is tall, turns the picture. */
const SWIPE_MIN_PX = 48;

export interface PictureViewerProps {
  files: readonly HubFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
  /** The picture's address through the active CDN template. */
  urlOf: (file: HubFile) => string;
  linkOf: (file: HubFile, format: LinkFormat) => string;
  /** The small copy kept at upload, shown when the CDN cannot serve the picture. */
  storedOf?: (file: HubFile) => () => Promise<Blob | undefined>;
}

/**
 * The picture from the CDN; when that fails, the thumbnail kept at upload (small, but the user sees
 * which picture it is), else a message. Mounted per picture (`key`), so each starts from the CDN.
 */
function ViewerImage({
  src,
  alt,
  stored,
  brokenText,
}: {
  src: string;
  alt: string;
  stored?: () => Promise<Blob | undefined>;
  brokenText: string;
}) {
  const [cdnFailed, setCdnFailed] = useState(!src);
  const [fallback, setFallback] = useState<string | 'none'>();
  useEffect(() => {
    if (!cdnFailed) return;
    let url: string | undefined;
    let live = true;
    const read = stored ? stored() : Promise.resolve(undefined);
    read.then(
      (blob) => {
        if (!live) return;
        url = blob ? URL.createObjectURL(blob) : undefined;
        setFallback(url ?? 'none');
      },
      () => live && setFallback('none'),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [cdnFailed, stored]);

  if (!cdnFailed) return <img className="ph-viewer__image" src={src} alt={alt} onError={() => setCdnFailed(true)} />;
  if (fallback === undefined) return null;
  if (fallback === 'none')
    return (
      <p className="ph-viewer__broken" role="alert">
        {brokenText}
      </p>
    );
  return <img className="ph-viewer__image ph-viewer__image--thumb" src={fallback} alt={alt} onError={() => setFallback('none')} />;
}

/**
 * The gallery's big-picture view: a plain full-window dialog (no antd: it opens at once from the
 * first view's gallery), ← / → and swipes turn, Esc closes, focus returns to the card it came from.
 */
export function PictureViewer({ files, index, onIndex, onClose, urlOf, linkOf, storedOf }: PictureViewerProps) {
  const { t } = useTranslation('pic-hub');
  const dialog = useRef<HTMLDivElement>(null);
  const touch = useRef<{ x: number; y: number } | undefined>(undefined);
  const file = files[index];
  const count = files.length;
  const go = (step: number) => {
    if (count > 1) onIndex((index + step + count) % count);
  };
  // The key handler is added once; it reads the latest props through these.
  const goRef = useRef(go);
  const closeRef = useRef(onClose);
  useEffect(() => {
    goRef.current = go;
    closeRef.current = onClose;
  });

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : undefined;
    dialog.current?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeRef.current();
      else if (event.key === 'ArrowLeft') goRef.current(-1);
      else if (event.key === 'ArrowRight') goRef.current(1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  if (!file) return null;
  const url = urlOf(file);
  const onTouchStart = (event: TouchEvent) => {
    const point = event.touches[0];
    touch.current = point ? { x: point.clientX, y: point.clientY } : undefined;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const point = event.changedTouches[0];
    touch.current = undefined;
    if (!start || !point) return;
    const dx = point.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN_PX && Math.abs(dx) > Math.abs(point.clientY - start.y)) go(dx < 0 ? 1 : -1);
  };

  return createPortal(
    <div
      ref={dialog}
      className="ph-viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t('gallery.viewer.title')}
      tabIndex={-1}
      data-testid="pic-hub-viewer"
    >
      <div className="ph-viewer__bar">
        <span className="ph-viewer__position" data-testid="pic-hub-viewer-position">
          {t('gallery.viewer.position', { index: index + 1, total: count })}
        </span>
        <Button
          type="text"
          className="ph-viewer__close"
          icon={<Icon icon={CloseOutlined} />}
          aria-label={t('gallery.viewer.close')}
          onClick={onClose}
          data-testid="pic-hub-viewer-close"
        />
      </div>
      <div
        className="ph-viewer__stage"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        onClick={(event) => event.target === event.currentTarget && onClose()}
      >
        {count > 1 ? (
          <Button
            className="ph-viewer__nav ph-viewer__nav--prev"
            shape="circle"
            icon={<Icon icon={LeftOutlined} />}
            aria-label={t('gallery.viewer.prev')}
            onClick={() => go(-1)}
            data-testid="pic-hub-viewer-prev"
          />
        ) : null}
        <ViewerImage
          key={url}
          src={url}
          alt={file.originalName || file.name}
          stored={storedOf?.(file)}
          brokenText={t('gallery.viewer.broken')}
        />
        {count > 1 ? (
          <Button
            className="ph-viewer__nav ph-viewer__nav--next"
            shape="circle"
            icon={<Icon icon={RightOutlined} />}
            aria-label={t('gallery.viewer.next')}
            onClick={() => go(1)}
            data-testid="pic-hub-viewer-next"
          />
        ) : null}
      </div>
      <div className="ph-viewer__info">
        <div className="ph-viewer__name" data-testid="pic-hub-viewer-name">
          {file.name}
        </div>
        <div className="ph-viewer__meta">
          <span>
            {t('gallery.meta.size')} {formatFileSize(file.size)}
          </span>
          <span>
            {t('gallery.meta.date')} {file.createTime}
          </span>
        </div>
        <ul className="ph-viewer__links">
          {LINK_FORMATS.map((format) => {
            const link = linkOf(file, format);
            return (
              <li key={format}>
                <span className="ph-viewer__format">{t(`gallery.formats.${format}`)}</span>
                <code className="ph-viewer__link" title={link}>
                  {link}
                </code>
                <CopyButton text={link} data-testid={`pic-hub-viewer-copy-${format}`} />
              </li>
            );
          })}
        </ul>
      </div>
    </div>,
    document.body,
  );
}
