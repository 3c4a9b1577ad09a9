import ArrowDownOutlined from '@ant-design/icons-svg/es/asn/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons-svg/es/asn/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import HolderOutlined from '@ant-design/icons-svg/es/asn/HolderOutlined';
import MoreOutlined from '@ant-design/icons-svg/es/asn/MoreOutlined';
import QrcodeOutlined from '@ant-design/icons-svg/es/asn/QrcodeOutlined';
import RedoOutlined from '@ant-design/icons-svg/es/asn/RedoOutlined';
import { useId, useState } from 'react';
import type { DragEvent, KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentCode, totpRemaining } from '@shared/otp/codes';
import { Button } from '@/components/Button';
import { Icon } from '@/layouts/plain/icon';
import type { StoredOtpAccount } from '@/platform/storage';
import { CountdownRing } from './CountdownRing';
import { issuerHue, issuerLetter, spacedCode } from './otp.service';

export interface AccountRowProps {
  entry: StoredOtpAccount;
  now: number;
  index: number;
  count: number;
  /** Reordering only makes sense on the whole list, not on search results. */
  movable: boolean;
  onCopy: (code: string) => void;
  onNextCounter: (entry: StoredOtpAccount) => void;
  onMove: (id: string, toIndex: number) => void;
  onDelete: (id: string) => void;
  onShowQr: (entry: StoredOtpAccount) => void;
  /** Before the row's own content: the export selection's tick. */
  leading?: ReactNode;
  /** Opens the edit drawer on this account. */
  onEdit: (entry: StoredOtpAccount) => void;
}

const DRAG_TYPE = 'application/x-baibao-otp-row';

/** One account: issuer letter, names, the live code (click to copy), its countdown or HOTP's next button. */
export function AccountRow({
  entry,
  now,
  index,
  count,
  movable,
  onCopy,
  onNextCounter,
  onMove,
  onDelete,
  onShowQr,
  onEdit,
  leading,
}: AccountRowProps) {
  const { t } = useTranslation('otp');
  const actionsId = useId();
  const [confirming, setConfirming] = useState(false);
  /** Phones only (otp.css): the actions are a line of their own, shown by the row's "more" button. */
  const [open, setOpen] = useState(false);
  const [dropTarget, setDropTarget] = useState(false);
  const code = currentCode(entry, now);
  const name = entry.issuer ? `${entry.issuer}${entry.account ? ` (${entry.account})` : ''}` : entry.account;

  // Alt+↑/↓ on a focused row moves it: the keyboard's way to reorder (drag needs a pointer).
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!movable || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(entry.id, index + (event.key === 'ArrowUp' ? -1 : 1));
  };
  const dragProps = movable
    ? {
        draggable: true,
        onDragStart: (event: DragEvent) => {
          event.dataTransfer.setData(DRAG_TYPE, entry.id);
          event.dataTransfer.effectAllowed = 'move';
        },
        onDragOver: (event: DragEvent) => {
          if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
          event.preventDefault();
          setDropTarget(true);
        },
        onDragLeave: () => setDropTarget(false),
        onDrop: (event: DragEvent) => {
          setDropTarget(false);
          const id = event.dataTransfer.getData(DRAG_TYPE);
          if (id) onMove(id, index);
        },
      }
    : {};

  return (
    <li
      className={`otp-row${dropTarget ? ' otp-row--drop' : ''}${open ? ' otp-row--open' : ''}`}
      tabIndex={movable ? 0 : undefined}
      onKeyDown={onKeyDown}
      data-testid="otp-row"
      {...dragProps}
    >
      {leading}
      {movable ? (
        <span className="otp-row__handle" aria-hidden="true">
          <Icon icon={HolderOutlined} />
        </span>
      ) : null}
      <span className="otp-row__icon" style={{ backgroundColor: `hsl(${issuerHue(entry)} 55% 45%)` }} aria-hidden="true">
        {issuerLetter(entry)}
      </span>
      <span className="otp-row__names">
        <span className="otp-row__issuer">{entry.issuer || entry.account}</span>
        {entry.issuer && entry.account ? <span className="otp-row__account">{entry.account}</span> : null}
        {entry.group ? <span className="otp-row__group">{entry.group}</span> : null}
      </span>
      <button
        type="button"
        className="otp-row__code"
        onClick={() => onCopy(code)}
        aria-label={t('row.copyCode', { name })}
        data-testid="otp-code"
        data-code={code}
      >
        {spacedCode(code)}
      </button>
      {entry.type === 'totp' ? (
        <CountdownRing
          remaining={totpRemaining(entry.period, now)}
          period={entry.period}
          label={t('row.remaining', { seconds: Math.ceil(totpRemaining(entry.period, now)) })}
        />
      ) : (
        <Button
          size="small"
          type="text"
          icon={<Icon icon={RedoOutlined} />}
          aria-label={t('row.next')}
          data-tip={t('row.next')}
          onClick={() => onNextCounter(entry)}
          data-testid="otp-next"
        />
      )}
      <Button
        size="small"
        type="text"
        className="otp-row__more"
        icon={<Icon icon={MoreOutlined} />}
        aria-label={t('row.more')}
        aria-expanded={open}
        aria-controls={actionsId}
        onClick={() => setOpen(!open)}
        data-testid="otp-row-more"
      />
      <span className="otp-row__actions" id={actionsId}>
        <Button
          size="small"
          type="text"
          icon={<Icon icon={QrcodeOutlined} />}
          aria-label={t('row.showQr')}
          data-tip={t('row.showQr')}
          onClick={() => {
            setOpen(false);
            onShowQr(entry);
          }}
          data-testid="otp-show-qr"
        />
        <Button
          size="small"
          type="text"
          icon={<Icon icon={EditOutlined} />}
          aria-label={t('row.edit')}
          data-tip={t('row.edit')}
          onClick={() => {
            setOpen(false);
            onEdit(entry);
          }}
          data-testid="otp-edit"
        />
        {movable ? (
          <>
            <Button
              size="small"
              type="text"
              icon={<Icon icon={ArrowUpOutlined} />}
              aria-label={t('row.moveUp')}
              disabled={index === 0}
              onClick={() => onMove(entry.id, index - 1)}
            />
            <Button
              size="small"
              type="text"
              icon={<Icon icon={ArrowDownOutlined} />}
              aria-label={t('row.moveDown')}
              disabled={index === count - 1}
              onClick={() => onMove(entry.id, index + 1)}
            />
          </>
        ) : null}
        {confirming ? (
          <Button size="small" danger type="primary" onClick={() => onDelete(entry.id)} onBlur={() => setConfirming(false)} autoFocus>
            {t('row.confirmDelete')}
          </Button>
        ) : (
          <Button
            size="small"
            type="text"
            danger
            icon={<Icon icon={DeleteOutlined} />}
            aria-label={t('row.delete')}
            onClick={() => setConfirming(true)}
          />
        )}
      </span>
    </li>
  );
}
