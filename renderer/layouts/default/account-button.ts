import type { ButtonHTMLAttributes } from 'react';

/** The header's avatar button: the member's picture, or the first letter of their name. */
export interface AccountButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  avatar: string;
  name: string;
}
