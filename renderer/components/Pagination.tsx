import DoubleLeftOutlined from '@ant-design/icons-svg/es/asn/DoubleLeftOutlined';
import DoubleRightOutlined from '@ant-design/icons-svg/es/asn/DoubleRightOutlined';
import EllipsisOutlined from '@ant-design/icons-svg/es/asn/EllipsisOutlined';
import LeftOutlined from '@ant-design/icons-svg/es/asn/LeftOutlined';
import RightOutlined from '@ant-design/icons-svg/es/asn/RightOutlined';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/layouts/plain/icon';
import './pagination.css';

/*
 * import { Pagination, pageItems } from '@/components/Pagination';
 *
 * antd's small Pagination (as a List pages its rows: no size changer, no quick jumper) as plain
 * buttons on the theme variables (pagination.css), light and dark, without antd's style engine.
 */

export type PageItem = number | 'jump-prev' | 'jump-next';

/** Pages the "•••" buttons move by (rc-pagination's, without `showLessItems`). */
export const JUMP = 5;
const BUFFER = 2;

/**
 * The buttons between "previous" and "next" for page `current` of `pages`, in rc-pagination's
 * order (antd's Pagination): every page up to 7; beyond, the first and last, two on each side of
 * the current one, and a "•••" jump for each gap. Items next to a jump are marked by the caller's
 * CSS (hidden on narrow screens, as antd does).
 */
export function pageItems(current: number, pages: number): PageItem[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, index) => index + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: PageItem[] = Array.from({ length: right - left + 1 }, (_, index) => left + index);
  if (jumpPrev) items.unshift('jump-prev');
  if (jumpNext) items.push('jump-next');
  if (left !== 1) items.unshift(1);
  if (right !== pages) items.push(pages);
  return items;
}

export interface PaginationProps {
  /** The open page, from 1. */
  current: number;
  total: number;
  pageSize: number;
  onChange: (page: number) => void;
  className?: string;
  'data-testid'?: string;
}

/** Page buttons for a list of `total` rows, `pageSize` a page, aligned to the end like a List's. */
export function Pagination({ current, total, pageSize, onChange, className, 'data-testid': testId }: PaginationProps) {
  const { t } = useTranslation('components');
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => {
    const next = Math.min(pages, Math.max(1, page));
    if (next !== current) onChange(next);
  };
  const items = pageItems(current, pages);
  const arrow = (kind: 'prev' | 'next') => {
    const disabled = kind === 'prev' ? current <= 1 : current >= pages;
    const label = t(kind === 'prev' ? 'pagination.prev' : 'pagination.next');
    return (
      <li className={`bb-pagination__${kind}${disabled ? ' bb-pagination__arrow--disabled' : ''}`} title={label}>
        <button
          type="button"
          className="bb-pagination__link"
          aria-label={label}
          disabled={disabled}
          onClick={() => go(current + (kind === 'prev' ? -1 : 1))}
        >
          <Icon icon={kind === 'prev' ? LeftOutlined : RightOutlined} />
        </button>
      </li>
    );
  };
  return (
    <nav className={className ? `bb-pagination ${className}` : 'bb-pagination'} aria-label={t('pagination.label')} data-testid={testId}>
      <ul>
        {arrow('prev')}
        {items.map((item, index) => {
          if (item === 'jump-prev' || item === 'jump-next') {
            const back = item === 'jump-prev';
            const label = t(back ? 'pagination.prevJump' : 'pagination.nextJump', { count: JUMP });
            return (
              <li key={item} className="bb-pagination__jump" title={label}>
                <button type="button" aria-label={label} onClick={() => go(current + (back ? -JUMP : JUMP))}>
                  <Icon icon={back ? DoubleLeftOutlined : DoubleRightOutlined} className="bb-pagination__jump-icon" />
                  <span className="bb-pagination__ellipsis" aria-hidden>
                    <Icon icon={EllipsisOutlined} />
                  </span>
                </button>
              </li>
            );
          }
          const edge =
            items[index - 1] === 'jump-prev'
              ? ' bb-pagination__item--after-jump'
              : items[index + 1] === 'jump-next'
                ? ' bb-pagination__item--before-jump'
                : '';
          const active = item === current;
          return (
            <li key={item} className={`bb-pagination__item${active ? ' bb-pagination__item--active' : ''}${edge}`} title={String(item)}>
              <button type="button" aria-current={active ? 'page' : undefined} onClick={() => go(item)}>
                {item}
              </button>
            </li>
          );
        })}
        {arrow('next')}
      </ul>
    </nav>
  );
}
