import type { HTMLAttributes, ReactNode } from 'react';
import './text.css';

type TextType = 'secondary' | 'success' | 'warning' | 'danger';

interface TextLook {
  type?: TextType;
  strong?: boolean;
  /** In a code box (antd's `code`). */
  code?: boolean;
  /** One line, cut with "…" (antd's `ellipsis` without a tooltip: CSS only). */
  ellipsis?: boolean;
  children?: ReactNode;
}

const classes = (base: string, { type, ellipsis }: TextLook, className: string | undefined) =>
  [base, type && `bb-text--${type}`, ellipsis && 'bb-text--ellipsis', className].filter(Boolean).join(' ');

// antd's order: <code><strong>…</strong></code>.
const decorate = ({ strong, code, children }: TextLook) => {
  const inner = strong ? <strong>{children}</strong> : children;
  return code ? <code>{inner}</code> : inner;
};

export type TextProps = TextLook & Omit<HTMLAttributes<HTMLSpanElement>, 'children' | 'type'>;

/**
 * antd's Typography.Text as plain elements on the theme's CSS variables (text.css): the same
 * markup shape and look without Typography's runtime, which brings Tooltip, the trigger family and
 * TextArea (for copy, edit and measured ellipsis) to every page that shows a line of text. Use
 * antd's Typography only where those are wanted (copyable, a tooltip on a cut text).
 */
export function Text({ type, strong, code, ellipsis, className, children, ...rest }: TextProps) {
  return (
    <span className={classes('bb-text', { type, ellipsis }, className)} {...rest}>
      {decorate({ strong, code, children })}
    </span>
  );
}

export type ParagraphProps = TextLook & Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'type'>;

/** antd's Typography.Paragraph (a block with a 1em bottom margin), plain; see `Text`. */
export function Paragraph({ type, strong, code, ellipsis, className, children, ...rest }: ParagraphProps) {
  return (
    <div className={classes('bb-text', { type, ellipsis }, className)} {...rest}>
      {decorate({ strong, code, children })}
    </div>
  );
}

export type TitleProps = Omit<TextLook, 'strong' | 'code'> & { level?: 1 | 2 | 3 | 4 | 5 } & Omit<
    HTMLAttributes<HTMLHeadingElement>,
    'children' | 'type'
  >;

/** antd's Typography.Title (h1–h5 in antd's heading sizes), plain; see `Text`. */
export function Title({ level = 1, type, ellipsis, className, children, ...rest }: TitleProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag className={classes('bb-text', { type, ellipsis }, className)} {...rest}>
      {children}
    </Tag>
  );
}
