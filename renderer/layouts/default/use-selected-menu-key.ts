import { useLocation } from 'react-router-dom';
import { languageOfPath } from '@/app/language';

/** Menu keys are language-free paths; '/en/file/hasher' selects '/file/hasher'. */
export function useSelectedMenuKey(): string {
  const { pathname } = useLocation();
  return languageOfPath(pathname) === 'en' ? pathname.slice(3) || '/' : pathname;
}
