import type { AbstractNode, IconDefinition } from '@ant-design/icons-svg/lib/types';
import { createElement } from 'react';
import type { ComponentType, ReactNode } from 'react';

// The definitions spell SVG attributes as in markup (fill-rule); React wants them camelCased.
const reactAttrs = (attrs: AbstractNode['attrs']) =>
  Object.fromEntries(
    Object.entries(attrs).map(([name, value]) => [name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase()), value]),
  );

function render(node: AbstractNode, key?: number): ReactNode {
  return createElement(node.tag, { key, ...reactAttrs(node.attrs) }, node.children?.map(render));
}

/**
 * An antd icon drawn from its SVG definition alone, the same markup @ant-design/icons renders, but
 * without its component runtime: the shell's own icons cost their path data and nothing else.
 */
export function Icon({ icon, className }: { icon: IconDefinition; className?: string }) {
  const root = icon.icon as AbstractNode;
  return (
    <span role="img" aria-hidden className={`anticon anticon-${icon.name}${className ? ` ${className}` : ''}`}>
      <svg
        {...reactAttrs(root.attrs)}
        data-icon={icon.name}
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
        focusable="false"
      >
        {root.children?.map(render)}
      </svg>
    </span>
  );
}

/** A component drawing one icon (what menus and cards render for a tool's `aIcon`). */
export function iconComponent(icon: IconDefinition): ComponentType {
  const Drawn = () => <Icon icon={icon} />;
  Drawn.displayName = `Icon(${icon.name})`;
  return Drawn;
}
