import RcPagination from '@rc-component/pagination';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Pagination, pageItems } from './Pagination';

/** The buttons rc-pagination (antd's Pagination) renders between its arrows, read from its markup. */
function rcItems(current: number, pages: number): Array<number | string> {
  const markup = renderToStaticMarkup(createElement(RcPagination, { current, total: pages * 10, pageSize: 10 }));
  return [...markup.matchAll(/class="rc-pagination-(?:item rc-pagination-item-(\d+)|(jump-prev|jump-next))[ "]/g)].map(([, page, jump]) =>
    page ? Number(page) : jump!,
  );
}

describe('pageItems', () => {
  it("shows the pages antd's Pagination shows, for every page of 1 to 30 pages", () => {
    for (let pages = 1; pages <= 30; pages += 1)
      for (let current = 1; current <= pages; current += 1)
        expect(pageItems(current, pages), `${current} of ${pages}`).toEqual(rcItems(current, pages));
  });

  it('keeps the first and last page around jumps on a long list', () => {
    expect(pageItems(250, 500)).toEqual([1, 'jump-prev', 249, 250, 251, 'jump-next', 500]);
    expect(pageItems(250, 500)).toEqual(rcItems(250, 500));
  });
});

describe('Pagination', () => {
  const html = (current: number, total: number) =>
    renderToStaticMarkup(createElement(Pagination, { current, total, pageSize: 20, onChange: () => undefined }));

  it('marks the open page for screen readers and disables the arrow that leads nowhere', () => {
    const first = html(1, 100);
    expect(first).toMatch(/bb-pagination__item--active" title="1"><button type="button" aria-current="page">1<\/button>/);
    expect(first.match(/aria-current/g)).toHaveLength(1);
    expect(first).toMatch(/bb-pagination__prev bb-pagination__arrow--disabled[^>]*><button[^>]*disabled=""/);
    expect(first).not.toMatch(/bb-pagination__next bb-pagination__arrow--disabled/);
    expect(html(5, 100)).toMatch(/bb-pagination__next bb-pagination__arrow--disabled/);
  });

  it('marks the pages beside a jump, which narrow screens hide as antd does', () => {
    const markup = html(10, 400);
    expect(markup).toContain('bb-pagination__item bb-pagination__item--after-jump" title="9"');
    expect(markup).toContain('bb-pagination__item bb-pagination__item--before-jump" title="11"');
  });
});
