import type { LogEntry } from '@/lib/log';

/**
 * The console's records as plain text for a bug report: one line each, oldest first, with the
 * page's address and browser on top so the report says where it happened. English and ISO times
 * on purpose: whoever reads the report reads the code.
 */
export function consoleText(entries: readonly LogEntry[], page: { url: string; userAgent: string }): string {
  const lines = entries.map((entry) => {
    const details = [entry.status !== undefined ? `status ${entry.status}` : '', entry.requestId ? `request-id ${entry.requestId}` : '']
      .filter(Boolean)
      .join(' ');
    return `${new Date(entry.at).toISOString()} ${entry.kind} ${entry.level} [${entry.source}] ${entry.text}${details ? ` (${details})` : ''}`;
  });
  return [`page: ${page.url}`, `browser: ${page.userAgent}`, ...lines].join('\n');
}
