import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import ScanOutlined from '@ant-design/icons-svg/es/asn/ScanOutlined';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OtpAccount } from '@shared/otp/account';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Field } from '@/components/Field';
import { Panel } from '@/components/Panel';
import { TextArea } from '@/components/TextArea';
import { Icon } from '@/layouts/plain/icon';
import { errorKey, parseLinks } from './otp.service';
import type { ParsedLinks } from './otp.service';

export interface AddPanelProps {
  onAdd: (accounts: OtpAccount[], group: string, batches: ParsedLinks['batches']) => Promise<void>;
  /** Opens the QR scan drawer (camera, pictures, pasted screenshots). */
  onScan: () => void;
  /** Opens the edit drawer on an empty account. */
  onManual: () => void;
  /** Warms the drawers' code (antd) before the press that needs it. */
  onPreload?: () => void;
}

/** The ways to add accounts: the scan and manual drawers' buttons, and pasted otpauth:// links. */
export function AddPanel({ onAdd, onScan, onManual, onPreload }: AddPanelProps) {
  const { t } = useTranslation('otp');
  const [links, setLinks] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let parsed: ParsedLinks;
    try {
      parsed = parseLinks(links);
    } catch (caught) {
      setError(t(`errors.${errorKey(caught)}`));
      return;
    }
    if (parsed.accounts.length === 0) return;
    setError('');
    setBusy(true);
    try {
      await onAdd(parsed.accounts, '', parsed.batches);
      setLinks('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title={t('add.title')} className="otp-add">
      <div className="otp-add__actions" onPointerEnter={onPreload} onFocus={onPreload}>
        <Button type="primary" icon={<Icon icon={ScanOutlined} />} onClick={onScan} data-testid="otp-scan-open">
          {t('add.qr')}
        </Button>
        <Button icon={<Icon icon={EditOutlined} />} onClick={onManual} data-testid="otp-manual-open">
          {t('add.manual')}
        </Button>
      </div>
      <form onSubmit={(event) => void submit(event)} className="bb-form">
        <Field label={t('add.paste')} htmlFor="otp-links">
          <TextArea
            id="otp-links"
            value={links}
            onChange={(event) => setLinks(event.target.value)}
            placeholder={t('add.linkPlaceholder')}
            autoSize={{ minRows: 2, maxRows: 6 }}
            spellCheck={false}
            autoComplete="off"
            data-testid="otp-links"
          />
        </Field>
        {error ? <Alert type="error" showIcon message={error} data-testid="otp-add-error" /> : null}
        <Button htmlType="submit" loading={busy} data-testid="otp-add-submit">
          {t('add.submit')}
        </Button>
      </form>
    </Panel>
  );
}
