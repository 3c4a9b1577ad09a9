import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import './layouts.css';

/** The id of every layout's <main>, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": without it a keyboard user tabs through the header and every menu link
 * before reaching the page. Focus moves by script, because following the #fragment would go through
 * the router and add a history entry.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    event.preventDefault();
    main.focus({ preventScroll: true });
    main.scrollIntoView({ block: 'start' });
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={skip} data-testid="skip-link">
      {t('nav.skipToMain')}
    </a>
  );
}
