import { useTranslation } from 'react-i18next';
import type { ConsoleEntry } from './tunnel-session';

/** Expressions, results, the remote's console output and texts, newest last. */
export function ConsoleLog({ entries }: { entries: readonly ConsoleEntry[] }) {
  const { t } = useTranslation('terminal');
  if (entries.length === 0) return <p className="tunnel__hint">{t('console.empty')}</p>;
  return (
    <ol className="tunnel__log" data-testid="tunnel-log" aria-live="polite">
      {entries.map((entry, index) => {
        const key = `${index}`;
        if (entry.kind === 'input') return <li key={key} className="tunnel__line tunnel__line--input">{`> ${entry.text}`}</li>;
        if (entry.kind === 'result')
          return (
            <li
              key={key}
              className={`tunnel__line ${entry.ok ? 'tunnel__line--result' : 'tunnel__line--error'}`}
              data-testid="tunnel-result"
            >
              {entry.blocked ? t('console.blocked') : `< ${entry.text}`}
            </li>
          );
        if (entry.kind === 'log')
          return (
            <li key={key} className={`tunnel__line tunnel__line--${entry.level}`} data-testid="tunnel-remote-log">
              {entry.text}
            </li>
          );
        return (
          <li key={key} className="tunnel__line tunnel__line--text" data-testid="tunnel-text">
            {`${entry.mine ? t('text.sent') : t('text.received')}${entry.text}`}
          </li>
        );
      })}
    </ol>
  );
}
