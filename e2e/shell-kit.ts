import { expect } from '@playwright/test';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { E2E_ADMIN } from '../playwright.config';

/** How far the page is wider than the window: > 0 means a horizontal scrollbar on a phone. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** Logs the e2e admin in through the API and hands the tokens to the browser, as the web app stores them. */
export async function signInAsAdmin(context: BrowserContext, request: APIRequestContext, baseURL: string | undefined): Promise<void> {
  const response = await request.post('/api/users/login', { data: { account: E2E_ADMIN.userName, password: E2E_ADMIN.password } });
  const body = (await response.json()) as { code: number; msg: string; data: { accessToken: string; refreshToken: string } };
  expect(body.code, body.msg).toBe(20000);
  await context.addCookies([
    { name: 'access_token', value: body.data.accessToken, url: baseURL ?? '', sameSite: 'Lax' },
    { name: 'refresh_token', value: body.data.refreshToken, url: baseURL ?? '', sameSite: 'Lax' },
  ]);
}

export interface HeadTags {
  title: string;
  description: string | undefined;
  keywords: string | undefined;
  robots: string | undefined;
  og: Record<string, string>;
  canonical: string | undefined;
  alternates: string[];
}

/** What a page's <head> says about it: the tags the server renders and the app rewrites. */
export function readHead(page: Page): Promise<HeadTags> {
  return page.evaluate(() => {
    const meta = (name: string) => document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
    const og = Object.fromEntries(
      [...document.head.querySelectorAll<HTMLMetaElement>('meta[property^="og:"]')].map((tag) => [
        tag.getAttribute('property') ?? '',
        tag.content,
      ]),
    );
    return {
      title: document.title,
      description: meta('description'),
      keywords: meta('keywords'),
      robots: meta('robots'),
      og,
      canonical: document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href,
      alternates: [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"][hreflang]')]
        .map((link) => `${link.hreflang} ${link.href}`)
        .sort(),
    };
  });
}
