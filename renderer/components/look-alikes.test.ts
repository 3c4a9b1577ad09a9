import { createElement } from 'react';
import type { MouseEvent, ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './Alert';
import { Button } from './Button';
import type { ButtonProps } from './Button';
import { Empty } from './Empty';
import { Progress } from './Progress';
import { Spin } from './Spin';
import { Tag } from './Tag';

// The plain look-alikes of antd's Button, Alert, Spin, Tag, Empty and Progress: their markup
// (roles, attributes, classes the style sheets key on) and the behaviour a click depends on.
const html = (element: ReactElement) => renderToStaticMarkup(element);

/** Clicks the element Button renders: calls its onClick as React would, with a preventable event. */
function click(props: ButtonProps) {
  const rendered = Button(props) as ReactElement<{ onClick: (event: MouseEvent) => void }>;
  const event = { defaultPrevented: false, preventDefault: vi.fn() } as unknown as MouseEvent;
  rendered.props.onClick(event);
  return event;
}

describe('Button', () => {
  it('is a button of type "button" by default, "submit" with htmlType', () => {
    expect(html(createElement(Button, null, 'Go'))).toMatch(/^<button type="button" class="bb-button bb-button--default">/);
    expect(html(createElement(Button, { htmlType: 'submit', type: 'primary' }, 'Go'))).toMatch(
      /^<button type="submit" class="bb-button bb-button--primary">/,
    );
  });

  it('calls onClick, but not while loading or disabled', () => {
    const onClick = vi.fn();
    click({ onClick, children: 'Go' });
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(click({ onClick, loading: true, children: 'Go' }).preventDefault).toHaveBeenCalled();
    expect(click({ onClick, disabled: true, children: 'Go' }).preventDefault).toHaveBeenCalled();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('shows a spinner instead of its icon while loading, and says it is busy', () => {
    const markup = html(createElement(Button, { loading: true, icon: createElement('i', { id: 'own' }) }, 'Go'));
    expect(markup).toContain('aria-busy="true"');
    expect(markup).toContain('bb-button--loading');
    expect(markup).toContain('anticon-loading');
    expect(markup).not.toContain('id="own"');
  });

  it('is a link with href, which a disabled one loses', () => {
    expect(html(createElement(Button, { href: '/x', target: '_blank', type: 'link' }, 'Go'))).toMatch(
      /^<a class="bb-button bb-button--link" href="\/x" target="_blank">/,
    );
    const disabled = html(createElement(Button, { href: '/x', disabled: true }, 'Go'));
    expect(disabled).not.toContain('href=');
    expect(disabled).toContain('aria-disabled="true"');
    expect(disabled).toContain('tabindex="-1"');
  });

  it('passes test ids and aria attributes on, and an icon alone makes it square', () => {
    const markup = html(createElement(Button, { icon: createElement('i'), 'aria-label': 'Zoom', 'data-testid': 'zoom', size: 'small' }));
    expect(markup).toContain('aria-label="Zoom"');
    expect(markup).toContain('data-testid="zoom"');
    expect(markup).toContain('bb-button--icon-only');
    expect(markup).toContain('bb-button--sm');
  });

  it('spaces a two-character Chinese label on bordered buttons, as antd does', () => {
    expect(html(createElement(Button, null, '取消'))).toContain('<span>取 消</span>');
    expect(html(createElement(Button, { type: 'link' }, '取消'))).toContain('<span>取消</span>');
    expect(html(createElement(Button, { icon: createElement('i') }, '取消'))).toContain('<span>取消</span>');
  });
});

describe('Alert', () => {
  it('is an alert with its type, icon, title, description and action', () => {
    const markup = html(
      createElement(Alert, { type: 'error', showIcon: true, message: 'Failed', description: 'Why', action: 'Retry', 'data-testid': 'a' }),
    );
    expect(markup).toMatch(/^<div role="alert" data-testid="a" class="bb-alert bb-alert--error bb-alert--with-description">/);
    expect(markup).toContain('anticon-close-circle');
    expect(markup).toContain('<div class="bb-alert__title">Failed</div><div class="bb-alert__description">Why</div>');
    expect(markup).toContain('<div class="bb-alert__actions">Retry</div>');
  });

  it('has a named close button only when closable', () => {
    expect(html(createElement(Alert, { message: 'x' }))).not.toContain('<button');
    expect(html(createElement(Alert, { message: 'x', closable: true, closeLabel: '关闭' }))).toContain('aria-label="关闭"');
  });
});

describe('Spin', () => {
  it('alone: the dots and the description, busy', () => {
    const markup = html(createElement(Spin, { tip: 'Reading', 'data-testid': 's' }));
    expect(markup).toMatch(
      /^<div data-testid="s" class="bb-spinner bb-spinner--spinning bb-spinner__section" aria-live="polite" aria-busy="true">/,
    );
    expect(markup).toContain('<div class="bb-spinner__description">Reading</div>');
  });

  it('around content: dims it while spinning, shows it as it is when not', () => {
    const spinning = html(createElement(Spin, { size: 'large' }, createElement('p', null, 'content')));
    expect(spinning).toContain('<div class="bb-spinner__section">');
    expect(spinning).toContain('<div class="bb-spinner__container"><p>content</p></div>');
    const idle = html(createElement(Spin, { spinning: false }, createElement('p', null, 'content')));
    expect(idle).not.toContain('bb-spinner__dots');
    expect(idle).toContain('aria-busy="false"');
  });
});

describe('Tag, Empty, Progress', () => {
  it('Tag takes its colour as a class', () => {
    expect(html(createElement(Tag, { color: 'success', 'data-testid': 't' }, 'ok'))).toBe(
      '<span data-testid="t" class="bb-label bb-label--success">ok</span>',
    );
  });

  it('Empty shows its description under the picture', () => {
    const markup = html(createElement(Empty, { description: 'Nothing', image: 'simple' }));
    expect(markup).toContain('bb-empty--simple');
    expect(markup).toContain('<div class="bb-empty__description">Nothing</div>');
  });

  it('Progress is a progressbar with its value, clamped, and its text or status icon', () => {
    const markup = html(createElement(Progress, { percent: 130, size: 'small', format: (p: number) => `${p} of 100` }));
    expect(markup).toContain('role="progressbar" aria-valuenow="100"');
    expect(markup).toContain('100 of 100');
    expect(html(createElement(Progress, { percent: 100 }))).toContain('anticon-check-circle');
    expect(html(createElement(Progress, { percent: 40 }))).toContain('40%');
    expect(html(createElement(Progress, { percent: 40, showInfo: false }))).not.toContain('bb-progress__indicator');
  });
});
