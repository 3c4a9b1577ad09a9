import { Button } from './Button';
import type { ButtonProps } from './Button';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/** A plain click stays in the app; modified clicks (new tab, new window) keep the link's own behaviour. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * A link that looks like a button: one element and one tab stop, where a <Button> inside a <Link>
 * is two (and invalid nesting). In-app addresses go through the router; absolute ones (an
 * external login portal) load normally.
 */
export function LinkButton({ to, onClick, ...props }: Omit<ButtonProps, 'href'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event) || /^https?:/i.test(to)) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
