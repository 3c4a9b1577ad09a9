import { Alert, Button, Form, Input, Modal, Radio } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/notify';
import type { WebdavAuthType, WebdavCapability, WebdavEntry, WebdavErrorCode } from '@shared/contracts/webdav';
import type { EntryServices } from './webdav-entries.store';
import { useWebdavEntries } from './webdav-entries.store';
import { checkServerUrl, entryLabel, normalDraft, webdavErrorCode } from './webdav.service';
import { WebdavErrorAlert } from './WebdavError';

type Test = { state: 'idle' } | { state: 'running' } | { state: 'ok' } | { state: 'failed'; code: WebdavErrorCode };

/**
 * The WebDAV edit dialog (spec §2): address, login kind, username and password, a connection test
 * (PROPFIND of the folder, so a wrong address, password or a web page are told apart before saving)
 * and the duplicate rule of spec §5 on save.
 */
export function WebdavEditDialog(props: {
  open: boolean;
  /** The entry being edited; undefined adds one. */
  entry?: WebdavEntry;
  webdav: WebdavCapability;
  services: EntryServices;
  onClose: (saved?: WebdavEntry) => void;
}) {
  // Mounted per opening: each starts from the entry as stored (or empty), never from the last one typed.
  return props.open ? <EditDialog key={props.entry?.id ?? 'new'} {...props} /> : null;
}

function EditDialog({
  entry,
  webdav,
  services,
  onClose,
}: {
  entry?: WebdavEntry;
  webdav: WebdavCapability;
  services: EntryServices;
  onClose: (saved?: WebdavEntry) => void;
}) {
  const { t } = useTranslation('book-library');
  const save = useWebdavEntries((state) => state.save);
  const password = useWebdavEntries((state) => state.password);
  const [serverURL, setServerURL] = useState(entry?.serverURL ?? '');
  const [authType, setAuthType] = useState<WebdavAuthType>(entry?.authType ?? 'basic');
  const [username, setUsername] = useState(entry?.username ?? '');
  const [secret, setSecret] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [test, setTest] = useState<Test>({ state: 'idle' });
  const [saving, setSaving] = useState(false);
  const testing = useRef<AbortController | undefined>(undefined);

  useEffect(() => {
    if (entry?.authType === 'basic') void password(services, entry.id).then(setSecret);
    return () => testing.current?.abort();
  }, [entry, password, services]);

  /** The typed fields, checked; a problem is shown and undefined returned. */
  const draft = () => {
    const address = checkServerUrl(serverURL);
    if (!address.ok) {
      setProblem(t(`webdav.edit.errors.${address.problem}`));
      return undefined;
    }
    const clean = normalDraft({ serverURL: address.url, authType, username });
    if (clean.authType === 'basic' && !clean.username) {
      setProblem(t('webdav.edit.errors.usernameEmpty'));
      return undefined;
    }
    setProblem(undefined);
    return clean;
  };

  const runTest = async () => {
    const clean = draft();
    if (!clean) return;
    testing.current?.abort();
    const controller = new AbortController();
    testing.current = controller;
    setTest({ state: 'running' });
    try {
      await webdav.check({ ...clean, password: secret }, { signal: controller.signal });
      if (!controller.signal.aborted) setTest({ state: 'ok' });
    } catch (error) {
      if (!controller.signal.aborted) setTest({ state: 'failed', code: webdavErrorCode(error) });
    }
  };

  const submit = async () => {
    const clean = draft();
    if (!clean) return;
    setSaving(true);
    try {
      const result = await save(services, clean, secret, entry?.id);
      if (!result.ok) {
        setProblem(t('webdav.edit.errors.duplicate', { label: entryLabel(result.duplicate) }));
        return;
      }
      if (result.passwordKept) toast.success(t('webdav.edit.saved'));
      else toast.warning(t('webdav.edit.passwordMemory'));
      onClose(result.entry);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={entry ? t('webdav.edit.titleEdit') : t('webdav.edit.titleAdd')}
      onCancel={() => onClose()}
      destroyOnHidden
      footer={[
        <Button key="test" onClick={() => void runTest()} loading={test.state === 'running'} data-testid="webdav-test">
          {t('webdav.edit.test')}
        </Button>,
        <Button key="cancel" onClick={() => onClose()}>
          {t('webdav.edit.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} onClick={() => void submit()} data-testid="webdav-save">
          {t('webdav.edit.save')}
        </Button>,
      ]}
      data-testid="webdav-edit"
    >
      <Form layout="vertical" onFinish={() => void submit()} className="bl-dav-form">
        <Form.Item label={t('webdav.edit.serverURL')} required>
          <Input
            value={serverURL}
            onChange={(event) => setServerURL(event.target.value)}
            placeholder={t('webdav.edit.serverURLPlaceholder')}
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            data-testid="webdav-url"
          />
        </Form.Item>
        <Form.Item label={t('webdav.edit.authType')}>
          <Radio.Group
            value={authType}
            onChange={(event) => setAuthType(event.target.value as WebdavAuthType)}
            options={[
              { value: 'basic', label: t('webdav.edit.basic') },
              { value: 'none', label: t('webdav.edit.none') },
            ]}
            data-testid="webdav-auth"
          />
        </Form.Item>
        {authType === 'basic' ? (
          <>
            <Form.Item label={t('webdav.edit.username')} required>
              <Input
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                autoComplete="username"
                spellCheck={false}
                data-testid="webdav-username"
              />
            </Form.Item>
            <Form.Item label={t('webdav.edit.password')} extra={t('webdav.edit.passwordHint')}>
              <Input.Password
                value={secret}
                onChange={(event) => setSecret(event.target.value)}
                autoComplete="current-password"
                data-testid="webdav-password"
              />
            </Form.Item>
          </>
        ) : null}
        {/* Enter in a field saves, as in any form. */}
        <button type="submit" hidden />
      </Form>
      {problem ? <Alert type="error" showIcon message={problem} data-testid="webdav-edit-problem" /> : null}
      {test.state === 'ok' ? <Alert type="success" showIcon message={t('webdav.edit.testOk')} data-testid="webdav-test-ok" /> : null}
      {test.state === 'failed' ? <WebdavErrorAlert code={test.code} testId="webdav-test-error" /> : null}
    </Modal>
  );
}
