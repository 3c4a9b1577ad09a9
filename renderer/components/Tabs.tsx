import { useId, useLayoutEffect, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode, RefObject } from 'react';
import './tabs.css';

export interface TabItem<K extends string = string> {
  key: K;
  label: ReactNode;
  children?: ReactNode;
  disabled?: boolean;
}

export interface TabsProps<K extends string = string> {
  items: TabItem<K>[];
  /** Controlled: the open tab. Without it the component keeps its own, starting at `defaultActiveKey` or the first. */
  activeKey?: K;
  defaultActiveKey?: K;
  onChange?: (key: K) => void;
  /** At the tab bar's end (antd's `tabBarExtraContent`). */
  tabBarExtraContent?: ReactNode;
  /** Unmount a panel when it is left (antd's `destroyOnHidden`); by default a panel stays mounted once shown. */
  destroyOnHidden?: boolean;
  className?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

/**
 * antd's Tabs (top, line style) as plain elements on the theme variables (tabs.css): a WAI-ARIA
 * tablist — arrow keys and Home/End move between tabs and open them, only the open tab is in the
 * tab order (roving tabindex). Like antd's, a panel renders when first opened and then stays
 * mounted (hidden), so a look at another tab loses nothing typed; `destroyOnHidden` unmounts it.
 * No overflow menu: the tools' two or three short labels fit a phone.
 */
export function Tabs<K extends string>({
  items,
  activeKey,
  defaultActiveKey,
  onChange,
  tabBarExtraContent,
  destroyOnHidden,
  className,
  ...rest
}: TabsProps<K>) {
  const id = useId();
  const [ownKey, setOwnKey] = useState<K | undefined>(defaultActiveKey ?? items[0]?.key);
  const active = activeKey ?? ownKey;
  const [shown, setShown] = useState<ReadonlySet<K>>(() => new Set(active === undefined ? [] : [active]));
  if (active !== undefined && !shown.has(active)) setShown(new Set([...shown, active]));

  const tabs = useRef(new Map<K, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const ink = useInk(list, tabs, active);

  const open = (key: K) => {
    if (key === active) return;
    setOwnKey(key);
    onChange?.(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = tabForKey(
      items.filter((item) => !item.disabled).map((item) => item.key),
      active,
      event.key,
    );
    if (next === undefined) return;
    event.preventDefault();
    open(next);
    tabs.current.get(next)?.focus();
  };

  const tabId = (key: K) => `${id}-tab-${key}`;
  const panelId = (key: K) => `${id}-panel-${key}`;
  return (
    <div className={className ? `bb-tabs ${className}` : 'bb-tabs'} data-testid={rest['data-testid']}>
      <div className="bb-tabs__nav">
        <div className="bb-tabs__list" role="tablist" aria-label={rest['aria-label']} ref={list} onKeyDown={onKeyDown}>
          {items.map((item) => {
            const selected = item.key === active;
            return (
              <button
                key={item.key}
                ref={(node) => {
                  if (node) tabs.current.set(item.key, node);
                  else tabs.current.delete(item.key);
                }}
                type="button"
                role="tab"
                id={tabId(item.key)}
                className={selected ? 'bb-tabs__tab bb-tabs__tab--active' : 'bb-tabs__tab'}
                aria-selected={selected}
                aria-controls={shown.has(item.key) ? panelId(item.key) : undefined}
                tabIndex={selected ? 0 : -1}
                disabled={item.disabled}
                onClick={() => open(item.key)}
              >
                <span className="bb-tabs__label">{item.label}</span>
              </button>
            );
          })}
          {ink ? <span className="bb-tabs__ink" style={ink} aria-hidden /> : null}
        </div>
        {tabBarExtraContent !== undefined && tabBarExtraContent !== null ? (
          <div className="bb-tabs__extra">{tabBarExtraContent}</div>
        ) : null}
      </div>
      {items.map((item) => {
        const selected = item.key === active;
        if (!selected && (destroyOnHidden || !shown.has(item.key))) return null;
        return (
          <div
            key={item.key}
            role="tabpanel"
            id={panelId(item.key)}
            aria-labelledby={tabId(item.key)}
            className="bb-tabs__panel"
            hidden={!selected}
            tabIndex={0}
          >
            {item.children}
          </div>
        );
      })}
    </div>
  );
}

/** Where the ink bar sits: under the open tab, following it when labels or the bar resize. */
function useInk<K>(list: RefObject<HTMLDivElement | null>, tabs: RefObject<Map<K, HTMLButtonElement>>, active: K | undefined) {
  const [ink, setInk] = useState<CSSProperties>();
  useLayoutEffect(() => {
    const tab = active === undefined ? undefined : tabs.current.get(active);
    if (!tab || !list.current) return undefined;
    const place = () => setInk((old) => same(old, { left: tab.offsetLeft, width: tab.offsetWidth }));
    place();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(place);
    observer.observe(list.current);
    observer.observe(tab);
    return () => observer.disconnect();
  }, [list, tabs, active]);
  return ink;
}

const same = (old: CSSProperties | undefined, next: { left: number; width: number }) =>
  old && old.left === next.left && old.width === next.width ? old : next;

/**
 * The tab a key moves to in a horizontal tablist (WAI-ARIA): the next or previous enabled tab,
 * wrapping around, the first or last with Home and End; undefined for any other key.
 */
export function tabForKey<K>(enabled: readonly K[], current: K | undefined, key: string): K | undefined {
  if (enabled.length === 0) return undefined;
  const at = current === undefined ? -1 : enabled.indexOf(current);
  const index: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: enabled.length - 1 };
  const target = index[key];
  return target === undefined ? undefined : enabled[(target + enabled.length) % enabled.length];
}
