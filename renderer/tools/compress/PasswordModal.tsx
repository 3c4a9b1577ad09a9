import { Alert, Modal } from 'antd';
import type { ButtonProps } from 'antd';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platform } from '@/platform';
import { ARCHIVE_PASSWORD_MAX, archiveErrorCode } from '@shared/contracts/archive';
import { archiveErrorMessage } from './errors';
import { Paragraph } from '@/components/Text';

export interface PasswordRequest {
  archiveName: string;
  /** Resolves when the password works; throws ArchiveError wrongPassword when it does not. */
  verify: (password: string) => Promise<void>;
  onDone: (password: string | null) => void;
}

/** Asks for an archive's password and keeps asking (with a message) until it works or the user gives up. */
export function PasswordModal({ request }: { request: PasswordRequest | null }) {
  const { t } = useTranslation('compress');
  const [value, setValue] = useState('');
  const [checking, setChecking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  const close = (password: string | null) => {
    setValue('');
    setMessage(null);
    request?.onDone(password);
  };
  const submit = async () => {
    if (!request || !value) return;
    setChecking(true);
    setMessage(null);
    try {
      await request.verify(value);
      close(value);
    } catch (error) {
      const code = archiveErrorCode(error);
      setMessage(
        code === 'wrongPassword' || code === 'passwordRequired'
          ? t('password.wrong')
          : archiveErrorMessage(t, error, platform.archive.limits),
      );
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      open={request !== null}
      title={t('password.title')}
      okText={t('password.ok')}
      cancelText={t('password.cancel')}
      confirmLoading={checking}
      okButtonProps={{ disabled: !value, 'data-testid': 'password-ok' } as ButtonProps}
      onOk={() => void submit()}
      onCancel={() => close(null)}
      destroyOnHidden
    >
      <Paragraph>{t('password.prompt', { name: request?.archiveName ?? '' })}</Paragraph>
      <Password
        autoFocus
        value={value}
        maxLength={ARCHIVE_PASSWORD_MAX}
        placeholder={t('password.placeholder')}
        onChange={(event) => setValue(event.target.value)}
        onPressEnter={() => void submit()}
        autoComplete="off"
        data-testid="password-input"
      />
      {message ? <Alert className="cz-password-wrong" type="error" showIcon title={message} data-testid="password-wrong" /> : null}
    </Modal>
  );
}
