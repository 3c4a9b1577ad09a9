import { useEffect, useRef } from 'react';
import { Text } from '@/components/Text';

/** A captioned image that scales down to its column; its object URL lives exactly as long as the Blob is shown. */
export function ImagePreview({ blob, caption, testId }: { blob: Blob; caption: string; testId: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(blob);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return (
    <figure className="stg-preview" data-testid={testId}>
      <img ref={image} alt={caption} />
      <Text type="secondary" className="stg-preview__caption">
        {caption}
      </Text>
    </figure>
  );
}
