import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '@/components/CopyButton';
import { LINK_FORMATS } from '@shared/contracts/pic-hub-base';
import { formatLink } from '@shared/pic-hub/links';
import { linkFormatLabel } from './settings-controls';

/** An uploaded picture's link in the four formats of spec §3, each with its copy button ('复制成功'). */
export function UploadLinks({ url, alt }: { url: string; alt: string }) {
  return (
    <dl className="pic-hub__links" data-testid="pic-hub-links">
      {LINK_FORMATS.map((format) => {
        const link = formatLink(format, url, alt);
        return (
          <div key={format} className="pic-hub__link" data-format={format}>
            <dt>{linkFormatLabel(format)}</dt>
            <dd>
              <code className="pic-hub__link-text" title={link} data-testid={`pic-hub-link-${format}`}>
                {link}
              </code>
              <CopyButton text={link} data-testid={`pic-hub-copy-${format}`} />
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/**
 * A picture's thumbnail from the file on this device (an object URL living exactly as long as the
 * row), so the list shows it whatever happens to the upload. A file that is no picture shows an
 * empty box.
 */
export function LocalThumb({ file, alt }: { file: Blob; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);
  if (broken) return <span className="pic-hub__thumb" aria-hidden />;
  return <img ref={image} className="pic-hub__thumb" alt={alt} decoding="async" onError={() => setBroken(true)} />;
}
