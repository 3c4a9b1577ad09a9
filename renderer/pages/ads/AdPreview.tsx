import type { AdSettings, AdType } from '@shared/contracts/ads-base';
import { adImageUrl } from '@/http/customer-ads';
import './ads.css';

export interface AdPreviewProps {
  type: AdType;
  settings: AdSettings;
  /** The picture to draw instead of `settings.image` (a file picked in the form, as an object URL). */
  imageSrc?: string;
  /** A small copy for a table row. */
  thumbnail?: boolean;
}

/**
 * An ad drawn as a banner or mini banner of its type: picture, text in its colours and the ribbon
 * in its corner. Not a link: the owner and the admin look at it here, visitors click it on the page.
 */
export function AdPreview({ type, settings, imageSrc, thumbnail = false }: AdPreviewProps) {
  const image = imageSrc ?? (settings.image ? adImageUrl(settings.image) : undefined);
  const mini = type.endsWith('MINI_BANNER');
  const className = ['ad-preview', mini ? 'ad-preview--mini' : 'ad-preview--banner', thumbnail ? 'ad-preview--thumb' : '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} style={{ color: settings.color, background: settings.background }} data-testid="ad-preview">
      {image ? <img className="ad-preview__image" src={image} alt="" /> : null}
      {settings.text ? <span className="ad-preview__text">{settings.text}</span> : null}
      {settings.ribbon ? (
        <span className={`ad-preview__ribbon ad-preview__ribbon--${settings.ribbon.placement}`}>{settings.ribbon.text}</span>
      ) : null}
    </div>
  );
}
