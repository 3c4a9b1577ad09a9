import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Fragment, createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Checkbox } from './Checkbox';
import { Field } from './Field';
import { NumberInput } from './NumberInput';
import { Segmented } from './Segmented';
import { Select } from './Select';
import { Slider } from './Slider';
import { Space } from './Space';
import { Switch } from './Switch';

const noop = () => undefined;
const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

// The plain look-alikes of antd's form controls must keep what screen readers and the e2e tests
// read from antd's: roles, names, states, values.
describe('form controls without antd', () => {
  it('Segmented is a named radiogroup of native radios, the value checked, one group name', () => {
    const markup = html(
      createElement(Segmented<string>, {
        value: 'webp',
        onChange: noop,
        options: [
          { value: 'jpeg', label: 'JPEG' },
          { value: 'webp', label: 'WebP' },
          { value: 'avif', label: 'AVIF', disabled: true },
        ],
        block: true,
        'aria-label': '输出格式',
        'data-testid': 'format',
      }),
    );
    expect(markup).toMatch(/^<div role="radiogroup" class="bb-seg bb-seg--block" aria-label="输出格式" data-testid="format">/);
    const radios = [...markup.matchAll(/<input type="radio"[^>]*>/g)].map(([tag]) => tag);
    expect(radios).toHaveLength(3);
    expect(new Set(radios.map((tag) => /name="([^"]+)"/.exec(tag)?.[1])).size).toBe(1);
    expect(radios.map((tag) => tag.includes('checked=""'))).toEqual([false, true, false]);
    expect(radios.map((tag) => tag.includes('disabled=""'))).toEqual([false, false, true]);
    expect(markup).toContain('bb-seg__item bb-seg__item--selected');
  });

  it('Slider is a named native range with its value and the spoken text of its hint', () => {
    const markup = html(
      createElement(Slider, {
        value: 35,
        onChange: noop,
        min: -180,
        max: 180,
        format: (value) => `${value}°`,
        'aria-label': '角度',
        'data-testid': 'angle',
      }),
    );
    expect(markup).toContain('type="range"');
    expect(markup).toContain('min="-180"');
    expect(markup).toContain('max="180"');
    expect(markup).toContain('value="35"');
    expect(markup).toContain('aria-valuenow="35"');
    expect(markup).toContain('aria-valuetext="35°"');
    expect(markup).toContain('aria-label="角度"');
    // The track and handle sit at the value's share of the range: (35 + 180) / 360.
    expect(markup).toContain(`--bb-slider-at:${(215 / 360) * 100}%`);
  });

  it('NumberInput is a named spinbutton with its range and value, empty with its placeholder for null', () => {
    const filled = html(
      createElement(NumberInput, { value: 75, onChange: noop, min: 1, max: 100, 'aria-label': '质量', 'data-testid': 'quality' }),
    );
    expect(filled).toContain('role="spinbutton"');
    expect(filled).toContain('aria-valuemin="1"');
    expect(filled).toContain('aria-valuemax="100"');
    expect(filled).toContain('aria-valuenow="75"');
    expect(filled).toContain('value="75"');
    expect(filled).toContain('aria-label="质量"');
    const empty = html(createElement(NumberInput, { value: null, onChange: noop, placeholder: '不限', suffix: 'px' }));
    expect(empty).toContain('value=""');
    expect(empty).toContain('placeholder="不限"');
    expect(empty).not.toContain('aria-valuenow');
    expect(empty).toContain('<span class="bb-number__suffix">px</span>');
    expect(html(createElement(NumberInput, { value: 2.5, onChange: noop, precision: 2 }))).toContain('value="2.50"');
  });

  it('Select is a named native select with the value chosen, or its placeholder when there is none', () => {
    const options = [
      { value: 'sans', label: '黑体' },
      { value: 'serif', label: '宋体' },
    ] as const;
    const chosen = html(createElement(Select<string>, { value: 'serif', onChange: noop, options, 'aria-label': '字体' }));
    expect(chosen).toContain('<select class="bb-select__native" aria-label="字体">');
    expect(chosen).toMatch(/<option value="1" selected="">宋体<\/option>/);
    const none = html(createElement(Select<string>, { value: undefined, onChange: noop, options, placeholder: '选择预设' }));
    expect(none).toMatch(/<option value="" disabled="" hidden="" selected="">选择预设<\/option>/);
    expect(none).toContain('bb-select--empty');
    const grouped = html(
      createElement(Select<string>, {
        value: 'mine',
        onChange: noop,
        options: [
          { label: '内置', options: [...options] },
          { label: '我的预设', options: [{ value: 'mine', label: '微信' }] },
        ],
      }),
    );
    expect(grouped).toContain('<optgroup label="内置"><option value="0">黑体</option><option value="1">宋体</option></optgroup>');
    expect(grouped).toContain('<optgroup label="我的预设"><option value="2" selected="">微信</option></optgroup>');
  });

  it('Switch is a button with role switch and its state; Checkbox a native checkbox carrying the test id', () => {
    const on = html(createElement(Switch, { checked: true, onChange: noop, disabled: true, 'aria-label': '目标大小' }));
    expect(on).toContain('role="switch"');
    expect(on).toContain('aria-checked="true"');
    expect(on).toContain('disabled=""');
    expect(on).toContain('aria-label="目标大小"');
    const box = html(createElement(Checkbox, { checked: true, onChange: noop, 'data-testid': 'keep', children: '保留元数据' }));
    expect(box).toMatch(/^<label class="bb-checkbox bb-checkbox--checked">/);
    expect(box).toMatch(/<input type="checkbox" class="bb-checkbox__input" data-testid="keep" checked=""\/>/);
    expect(box).toContain('<span class="bb-checkbox__label">保留元数据</span>');
  });

  it('Field draws label, control and hint in antd’s vertical order', () => {
    const markup = html(createElement(Field, { label: '质量', htmlFor: 'q', extra: '数值越小文件越小', children: 'control' }));
    expect(markup).toBe(
      '<div class="bb-field"><div class="bb-field__label"><label for="q">质量</label></div>' +
        '<div class="bb-field__control"><div class="bb-field__content">control</div></div>' +
        '<div class="bb-field__extra">数值越小文件越小</div></div>',
    );
  });
});

describe('Space without antd', () => {
  it('wraps each child in an item and leaves none for an empty child, with antd’s gaps', () => {
    const markup = html(
      createElement(Space, { direction: 'vertical', size: 12, children: ['a', null, false, createElement('b', { key: 'k' }, 'b')] }),
    );
    expect(markup).toBe(
      '<div class="bb-space bb-space--vertical" style="gap:12px"><div class="bb-space__item">a</div><div class="bb-space__item"><b>b</b></div></div>',
    );
    // A fragment's children are items of their own, as antd's Space opens fragments.
    const fragment = html(createElement(Space, { children: [createElement(Fragment, { key: 'f' }, 'a', 'b'), 'c'] }));
    expect(fragment.match(/class="bb-space__item"/g)).toHaveLength(3);
    const row = html(createElement(Space, { wrap: true, children: 'x' }));
    expect(row).toBe(
      '<div class="bb-space bb-space--horizontal bb-space--wrap bb-space--align-center" style="gap:8px"><div class="bb-space__item">x</div></div>',
    );
  });
});

/** Every style sheet of the renderer. */
function styleSheets(dir = fileURLToPath(new URL('..', import.meta.url))): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe('the form controls’ class names', () => {
  // Their rules are all inside :where(), so another sheet's rule on the same class wins over them: the
  // shell's .bb-segmented__item padding once squeezed every option of the settings to "JP…". A tool's
  // sheet may size them; the shell, layouts and pages must not style them by accident.
  const own = {
    'bb-seg': 'segmented.css',
    'bb-toggle': 'switch.css',
    'bb-select': 'select.css',
    'bb-number': 'number-input.css',
    'bb-slider': 'slider.css',
    'bb-checkbox': 'checkbox.css',
    'bb-field': 'form.css',
    'bb-space': 'space.css',
    'bb-color-swatch': 'color-field.css',
  };
  it.each(Object.entries(own))('.%s is styled by %s alone (and the tools’ own sheets)', (name) => {
    const defining = styleSheets().filter((path) => {
      if (path.includes('/components/') || path.includes('/tools/')) return false;
      return new RegExp(`\\.${name}(?![\\w-])|\\.${name}(__|--)`).test(readFileSync(path, 'utf8'));
    });
    expect(defining.map((path) => path.slice(path.indexOf('renderer/')))).toEqual([]);
  });
});
