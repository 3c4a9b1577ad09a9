import { describe, expect, it } from 'vitest';
import { FEEDBACK_ENVIRONMENT_MAX_CHARS } from '@shared/contracts/feedback-base';
import { environmentSummary, feedbackRequest, sourcePage } from './feedback.service';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const facts = {
  userAgent: CHROME,
  language: 'zh-CN',
  screen: { width: 1920, height: 1080 },
  viewport: { width: 1280, height: 720 },
  pixelRatio: 1.25,
  theme: 'dark' as const,
};

describe('feedback service', () => {
  it('summarises the environment in lines a person reads, within the server’s cap', () => {
    expect(environmentSummary(facts)).toBe(
      [
        'browser: Chrome 131 · Linux',
        'screen: 1920×1080 @1.25x, window 1280×720',
        'language: zh-CN, theme: dark',
        `user agent: ${CHROME}`,
      ].join('\n'),
    );
    expect(environmentSummary({ ...facts, userAgent: 'x'.repeat(5000) }).length).toBe(FEEDBACK_ENVIRONMENT_MAX_CHARS);
  });

  it('keeps a source page only when it is a path of this site', () => {
    expect(sourcePage('/image/compress?x=1')).toBe('/image/compress?x=1');
    expect(sourcePage('/en/pic/hub')).toBe('/en/pic/hub');
    for (const bad of [null, '', '//evil.example/x', 'https://evil.example/', 'javascript:alert(1)', `/${'a'.repeat(500)}`])
      expect(sourcePage(bad)).toBeUndefined();
  });

  it('sends JSON without a screenshot and a multipart form with one', async () => {
    const input = { type: 'BUG' as const, content: 'x' };
    expect(feedbackRequest(input)).toBe(input);
    const form = feedbackRequest(input, new File([new Uint8Array([1, 2, 3])], 'shot.png', { type: 'image/png' }));
    expect(form).toBeInstanceOf(FormData);
    const data = form as FormData;
    expect(JSON.parse(data.get('feedback') as string)).toEqual(input);
    const file = data.get('screenshot') as File;
    expect(file.name).toBe('shot.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
