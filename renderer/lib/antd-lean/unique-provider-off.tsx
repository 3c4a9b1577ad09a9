import type { ReactNode } from 'react';

/**
 * Stands in for antd's tooltip UniqueProvider inside ConfigProvider (scripts/antd-lean-plugin.ts).
 * ConfigProvider renders that provider only when `tooltip.unique` is set, which AntdScope never
 * does; the real one would bring rc-trigger to every page, popup or not.
 */
export default function UniqueProviderOff({ children }: { children?: ReactNode }) {
  if (import.meta.env.DEV) console.error('antd-lean: ConfigProvider `tooltip.unique` is not supported, see scripts/antd-lean-plugin.ts');
  return children;
}
