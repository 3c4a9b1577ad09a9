import { FEEDBACK_ENVIRONMENT_MAX_CHARS, FEEDBACK_PAGE_MAX_CHARS } from '@shared/contracts/feedback-base';
import type { FeedbackInput } from '@shared/contracts/feedback-base';
import { summarizeUserAgent } from '@/pages/user/user-agent';

export interface EnvironmentFacts {
  userAgent: string;
  language: string;
  screen: { width: number; height: number };
  viewport: { width: number; height: number };
  pixelRatio: number;
  theme: 'light' | 'dark';
}

/**
 * What the admin needs to reproduce a report, as the visitor sees it before sending. English on
 * purpose: whoever reads it reads the code (as the console's report).
 */
export function environmentSummary(facts: EnvironmentFacts): string {
  const lines = [
    `browser: ${summarizeUserAgent(facts.userAgent) ?? 'unknown'}`,
    `screen: ${facts.screen.width}×${facts.screen.height} @${Number(facts.pixelRatio.toFixed(2))}x, window ${facts.viewport.width}×${facts.viewport.height}`,
    `language: ${facts.language}, theme: ${facts.theme}`,
    `user agent: ${facts.userAgent}`,
  ];
  return lines.join('\n').slice(0, FEEDBACK_ENVIRONMENT_MAX_CHARS);
}

/**
 * The page a link says the visitor came from (`?from=`): an address of this site only — a path,
 * never `//host` or a URL — so the report cannot be made to carry a foreign link.
 */
export function sourcePage(from: string | null): string | undefined {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.length > FEEDBACK_PAGE_MAX_CHARS) return undefined;
  return from;
}

/** The request: JSON alone, or a multipart form with the feedback as JSON text beside the screenshot. */
export function feedbackRequest(input: FeedbackInput, screenshot?: File): FeedbackInput | FormData {
  if (!screenshot) return input;
  const form = new FormData();
  form.append('feedback', JSON.stringify(input));
  form.append('screenshot', screenshot, screenshot.name);
  return form;
}
