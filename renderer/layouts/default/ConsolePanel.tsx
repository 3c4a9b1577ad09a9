import { useSyncExternalStore } from 'react';
import { Button } from '@/components/Button';
import { copyText } from '@/components/clipboard';
import { clearLog, logEntries, subscribeToLog } from '@/lib/log';
import { toast } from '@/lib/notify';
import { useSettings } from '@/stores/settings';
import { consoleText } from './console-text';
import './console-panel.css';
import { useFurnitureTexts } from './furniture-texts';

const time = (at: number) => new Date(at).toLocaleTimeString(undefined, { hour12: false });

/**
 * The console (spec §2, issue 19): what lib/log.ts recorded since the page loaded — uncaught
 * errors, failed API calls with their status and request id, tools' logs — newest first, to copy
 * into a bug report. Shown while the `consoleVisible` setting is on; loads only then.
 */
export default function ConsolePanel() {
  const texts = useFurnitureTexts();
  const entries = useSyncExternalStore(subscribeToLog, logEntries);
  const update = useSettings((state) => state.update);

  const copy = () =>
    copyText(consoleText(entries, { url: location.href, userAgent: navigator.userAgent })).then(
      () => toast.success(texts.copied),
      () => toast.error(texts.copyFailed),
    );

  return (
    <section className="bb-console" aria-label={texts.consoleTitle} data-testid="console-panel">
      <header className="bb-console__bar">
        <strong>{texts.consoleTitle}</strong>
        <span className="bb-console__count">{entries.length}</span>
        <span className="bb-console__actions">
          <Button size="small" onClick={() => void copy()} disabled={entries.length === 0} data-testid="console-copy">
            {texts.copy}
          </Button>
          <Button size="small" onClick={clearLog} disabled={entries.length === 0} data-testid="console-clear">
            {texts.clear}
          </Button>
          <Button
            size="small"
            type="text"
            aria-label={texts.close}
            onClick={() => update({ consoleVisible: false })}
            data-testid="console-close"
          >
            ×
          </Button>
        </span>
      </header>
      <p className="bb-console__hint">{texts.consoleHint}</p>
      {entries.length === 0 ? (
        <p className="bb-console__empty">{texts.consoleEmpty}</p>
      ) : (
        <ol className="bb-console__list" data-testid="console-entries">
          {entries
            .slice()
            .reverse()
            .map((entry) => (
              <li key={entry.id} className={`bb-console__entry bb-console__entry--${entry.level}`} data-kind={entry.kind}>
                <span className="bb-console__meta">
                  {time(entry.at)} · {texts.kinds[entry.kind]} · {entry.source}
                  {entry.status !== undefined && ` · ${texts.status} ${entry.status}`}
                  {entry.requestId && (
                    <>
                      {` · ${texts.requestId} `}
                      <code data-testid="console-request-id">{entry.requestId}</code>
                    </>
                  )}
                </span>
                <span className="bb-console__text">{entry.text}</span>
              </li>
            ))}
        </ol>
      )}
    </section>
  );
}
