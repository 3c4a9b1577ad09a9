import { Checkbox, Tag } from 'antd';
import type { ReactNode } from 'react';

/**
 * One book a remote source offers (a WebDAV file, a list's or feed's book): its checkbox, name, a
 * line of details, and the mark of an earlier download. The WebDAV viewer and the list-import
 * drawer draw the same row; each names it for its tests (`data-*`).
 */
export function RemoteBookRow({
  icon,
  name,
  meta,
  downloaded,
  downloadedText,
  selected,
  selectLabel,
  disabled,
  onSelect,
  data,
}: {
  /** With the class `bl-dav-item__icon`. */
  icon: ReactNode;
  name: string;
  meta: string;
  downloaded: boolean;
  downloadedText: string;
  selected: boolean;
  selectLabel: string;
  disabled: boolean;
  onSelect: (selected: boolean) => void;
  data: { 'data-testid': string } & Record<`data-${string}`, string>;
}) {
  return (
    <li className="bl-dav-item" {...data} data-downloaded={String(downloaded)}>
      <Checkbox checked={selected} onChange={(event) => onSelect(event.target.checked)} aria-label={selectLabel} disabled={disabled} />
      {icon}
      <span className="bl-dav-item__text">
        <span className="bl-dav-item__name">{name}</span>
        <span className="bl-dav-item__meta">{meta}</span>
      </span>
      {downloaded ? (
        <Tag color="success" className="bl-dav-item__tag">
          {downloadedText}
        </Tag>
      ) : null}
    </li>
  );
}
