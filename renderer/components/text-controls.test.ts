import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { autoHeight } from './auto-height';
import { Input, Password } from './Input';
import { RadioGroup } from './Radio';
import { Tabs, tabForKey } from './Tabs';
import { TextArea } from './TextArea';

/** Just enough of the markup to ask about elements and attributes (no DOM in the unit tests). */
class Markup {
  constructor(readonly markup: string) {}
  /** Every start tag that carries `attribute` (optionally with `value`), as its attribute map (names lower-cased). */
  all(attribute: string, value?: string): Record<string, string>[] {
    return [...this.markup.matchAll(/<([a-z]+)((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*\/?>/gi)]
      .map(([, tag, attrs]): Record<string, string> => ({
        tag: tag!,
        ...Object.fromEntries([...attrs!.matchAll(/([a-z-]+)(?:="([^"]*)")?/gi)].map(([, name, val]) => [name!.toLowerCase(), val ?? ''])),
      }))
      .filter((attrs) => attribute in attrs && (value === undefined || attrs[attribute] === value));
  }
}

/** A test id, spread into props (createElement's types take no data-* keys in an object literal). */
const tid = (id: string): object => ({ 'data-testid': id });

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => new Markup(renderToStaticMarkup(element));

describe('Tabs', () => {
  const items = [
    { key: 'a', label: 'A', children: 'panel a' },
    { key: 'b', label: 'B', children: 'panel b', disabled: true },
    { key: 'c', label: 'C', children: 'panel c' },
  ];

  it('moves between enabled tabs with the arrow keys, wrapping, and to the ends with Home and End', () => {
    const enabled = ['a', 'c', 'd'];
    expect(tabForKey(enabled, 'a', 'ArrowRight')).toBe('c');
    expect(tabForKey(enabled, 'd', 'ArrowRight')).toBe('a');
    expect(tabForKey(enabled, 'a', 'ArrowLeft')).toBe('d');
    expect(tabForKey(enabled, 'c', 'Home')).toBe('a');
    expect(tabForKey(enabled, 'a', 'End')).toBe('d');
    expect(tabForKey(enabled, 'a', 'Enter')).toBeUndefined();
    expect(tabForKey([], undefined, 'ArrowRight')).toBeUndefined();
  });

  it('is a tablist with one tab stop, the open tab selected and tied to its panel', () => {
    const page = html(createElement(Tabs, { items, defaultActiveKey: 'c', 'aria-label': 'modes' }));
    expect(page.all('role', 'tablist')[0]).toMatchObject({ 'aria-label': 'modes' });
    const tabs = page.all('role', 'tab');
    expect(tabs.map((tab) => [tab['aria-selected'], tab.tabindex])).toEqual([
      ['false', '-1'],
      ['false', '-1'],
      ['true', '0'],
    ]);
    expect(tabs[1]).toHaveProperty('disabled');
    const panels = page.all('role', 'tabpanel');
    // Panels render when first opened: only the open one so far.
    expect(panels).toHaveLength(1);
    expect(panels[0]!.id).toBe(tabs[2]!['aria-controls']);
    expect(panels[0]!['aria-labelledby']).toBe(tabs[2]!.id);
    expect(page.markup).toContain('panel c');
    expect(page.markup).not.toContain('panel a');
  });

  it('opens the first tab by default and follows a controlled key', () => {
    expect(html(createElement(Tabs, { items })).markup).toContain('panel a');
    const controlled = html(createElement(Tabs, { items, activeKey: 'c', defaultActiveKey: 'a' }));
    expect(controlled.markup).toContain('panel c');
    expect(controlled.markup).not.toContain('panel a');
  });

  it('puts the extra content at the bar’s end', () => {
    const page = html(createElement(Tabs, { items, tabBarExtraContent: createElement('b', { 'data-x': '1' }, 'engine') }));
    expect(page.markup).toMatch(/role="tablist".*<div class="bb-tabs__extra"><b data-x="1">engine<\/b><\/div>/);
  });
});

describe('Input, Password and TextArea', () => {
  it('is one bordered input without affixes, attributes on the input', () => {
    const page = html(createElement(Input, { value: 'x', readOnly: true, status: 'error', ...tid('field'), maxLength: 9 }));
    expect(page.all('data-testid', 'field')[0]).toMatchObject({ tag: 'input', class: 'bb-input bb-input--error', maxlength: '9' });
    expect(page.markup).not.toContain('bb-input-affix');
  });

  it('wraps the input when it has a suffix, the wrapper drawing the border', () => {
    const page = html(createElement(Input, { value: 'name', readOnly: true, suffix: '.zip', disabled: true, ...tid('field') }));
    expect(page.all('class', 'bb-input-affix bb-input--disabled')).toHaveLength(1);
    expect(page.all('data-testid', 'field')[0]).toMatchObject({ tag: 'input', class: 'bb-input bb-input--bare' });
    expect(page.markup).toContain('<span class="bb-input__suffix">.zip</span>');
  });

  it('offers a clear button only while there is text to clear', () => {
    const filled = html(createElement(Input, { value: 'abc', onChange: () => {}, allowClear: true }));
    expect(filled.all('class', 'bb-input__clear')[0]).toMatchObject({ 'aria-label': 'clear', type: 'button' });
    const empty = html(createElement(TextArea, { value: '', onChange: () => {}, allowClear: true }));
    expect(empty.all('class', 'bb-input__clear bb-input__clear--hidden')).toHaveLength(1);
    expect(empty.all('class', 'bb-input-affix bb-textarea-affix')).toHaveLength(1);
  });

  it('hides the password behind a labelled toggle', () => {
    const page = html(createElement(Password, { value: 'secret', onChange: () => {}, ...tid('pw') }));
    expect(page.all('data-testid', 'pw')[0]).toMatchObject({ type: 'password' });
    expect(page.all('class', 'bb-input__password-icon')[0]).toMatchObject({ 'aria-label': 'showPassword', 'aria-pressed': 'false' });
    expect(html(createElement(Password, { visibilityToggle: false })).all('class', 'bb-input__password-icon')).toHaveLength(0);
  });

  it('does not let an auto-sized textarea be resized by hand', () => {
    const page = html(createElement(TextArea, { value: '', onChange: () => {}, autoSize: { minRows: 2 }, ...tid('t') }));
    expect(page.all('data-testid', 't')[0]).toMatchObject({ tag: 'textarea', style: 'resize:none' });
    expect(html(createElement(TextArea, { rows: 4, ...tid('t') })).all('data-testid', 't')[0]).not.toHaveProperty('style');
  });

  it('auto-sizes between its minimum and maximum rows, scrolling only past the maximum', () => {
    const box = { lineHeight: 22, padding: 8, border: 2 };
    expect(autoHeight(22, { ...box, minRows: 4, maxRows: 8 })).toEqual({ height: 98, scroll: false });
    expect(autoHeight(22 * 6, { ...box, minRows: 4, maxRows: 8 })).toEqual({ height: 142, scroll: false });
    expect(autoHeight(22 * 30, { ...box, minRows: 4, maxRows: 8 })).toEqual({ height: 186, scroll: true });
    expect(autoHeight(22 * 30, box)).toEqual({ height: 670, scroll: false });
  });
});

describe('RadioGroup', () => {
  const options = [
    { value: 'utf8', label: 'UTF-8' },
    { value: 'bom', label: 'UTF-8 BOM' },
    { value: 'off', label: 'off', disabled: true },
  ];

  it('is a radiogroup of native radios sharing one name, the value checked', () => {
    const page = html(
      createElement(RadioGroup<string>, {
        options,
        value: 'bom',
        onChange: () => {},
        optionType: 'button',
        size: 'small',
        'aria-label': 'BOM',
      }),
    );
    expect(page.all('role', 'radiogroup')[0]).toMatchObject({ class: 'bb-radio-group bb-radio-group--small', 'aria-label': 'BOM' });
    const radios = page.all('type', 'radio');
    expect(new Set(radios.map((radio) => radio.name)).size).toBe(1);
    expect(radios.map((radio) => 'checked' in radio)).toEqual([false, true, false]);
    expect('disabled' in radios[2]!).toBe(true);
    expect(page.all('class', 'bb-radio-button bb-radio-button--checked')).toHaveLength(1);
  });

  it('draws round radios by default', () => {
    const page = html(createElement(RadioGroup<string>, { options, value: 'utf8', onChange: () => {} }));
    expect(page.all('class', 'bb-radio bb-radio--checked')).toHaveLength(1);
    expect(page.all('class', 'bb-radio__dot')).toHaveLength(3);
  });
});
