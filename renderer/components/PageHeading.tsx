import type { CSSProperties, ReactNode } from 'react';
import { Title } from '@/components/Text';

type Level = 1 | 2 | 3 | 4 | 5;

interface PageHeadingProps {
  /** The heading's rank in the page outline (h1 for the page's own title). */
  level: Level;
  /** How big it looks: pages kept their sizes when their titles became h1 and h2. */
  look: Level;
  children: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
}

/** The browser's default top margin per heading level, which antd leaves in place: part of the look. */
const DEFAULT_MARGIN_TOP: Record<Level, string> = { 1: '0.67em', 2: '0.83em', 3: '1em', 4: '1.33em', 5: '1.67em' };

/** A heading whose rank in the outline and size on screen are chosen separately. */
export function PageHeading({ level, look, style, children, ...rest }: PageHeadingProps) {
  // Not mixed with a caller's `margin` shorthand, which React would warn about.
  const ownMargin = style?.margin === undefined && style?.marginTop === undefined;
  const size = {
    fontSize: `var(--bb-font-size-heading${look})`,
    lineHeight: `var(--bb-line-height-heading${look})`,
    ...(ownMargin ? { marginTop: DEFAULT_MARGIN_TOP[look] } : {}),
  };
  return (
    <Title level={level} style={{ ...size, ...style }} {...rest}>
      {children}
    </Title>
  );
}
