import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeTunnelId, tunnelIdSchema } from '@shared/contracts/tunnel';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Input } from '@/components/Input';
import { Tag } from '@/components/Tag';
import { pageLive } from '@/lib/live';
import { ConsoleLog } from './ConsoleLog';
import { FileTransfers } from './FileTransfers';
import { ProfileView } from './ProfileView';
import { TextSender } from './TextSender';
import { tunnelApi } from './terminal-page';
import { CONNECT_STATUS, ConnectorSession, STATUS_NAME, type ConnectorView } from './tunnel-session';

const STATUS_COLOR = { 1: 'default', 2: 'processing', 3: 'success', 4: 'warning' } as const;

/** This device reaches another: enter its id, wait for its user to allow, then run expressions there. */
export function ConnectPanel({ initialId }: { initialId: string }) {
  const { t } = useTranslation('terminal');
  const [view, setView] = useState<ConnectorView>({ connectStatus: CONNECT_STATUS.idle, waiting: false, entries: [], files: [] });
  const [session] = useState(() => new ConnectorSession(pageLive(), tunnelApi, setView));
  const [typed, setTyped] = useState(initialId);
  const [invalid, setInvalid] = useState(false);
  const [code, setCode] = useState('');
  useEffect(() => () => session.disconnect(), [session]);

  const busy = view.connectStatus === CONNECT_STATUS.connecting || view.connectStatus === CONNECT_STATUS.connected;
  const connect = () => {
    const id = normalizeTunnelId(typed);
    const valid = tunnelIdSchema.safeParse(id).success;
    setInvalid(!valid);
    if (valid) void session.connect(id);
  };
  const run = () => {
    if (code.trim() && session.run(code)) setCode('');
  };

  return (
    <div className="tunnel__panel">
      <div className="tunnel__row">
        <Input
          aria-label={t('connect.idLabel')}
          placeholder={t('connect.placeholder')}
          value={typed}
          maxLength={9}
          status={invalid ? 'error' : undefined}
          disabled={busy}
          onChange={(event) => setTyped(event.target.value)}
          onPressEnter={connect}
          data-testid="tunnel-connect-id"
        />
        {busy ? (
          <Button onClick={() => session.disconnect()} data-testid="tunnel-disconnect">
            {t('connect.disconnect')}
          </Button>
        ) : (
          <Button type="primary" onClick={connect} data-testid="tunnel-connect">
            {t('connect.connect')}
          </Button>
        )}
      </div>
      {invalid && <Alert type="error" showIcon message={t('connect.invalidId')} />}
      <div className="tunnel__status">
        {t('connect.statusLabel')}:{' '}
        <Tag color={STATUS_COLOR[view.connectStatus]} data-testid="tunnel-status" data-status={view.connectStatus}>
          {t(`connect.status.${STATUS_NAME[view.connectStatus]}`)}
        </Tag>
      </div>
      {view.problem && <Alert type="error" showIcon message={t(`connect.problems.${view.problem}`)} data-testid="tunnel-problem" />}
      {view.waiting && <p className="tunnel__hint">{t('connect.waiting')}</p>}
      {view.remote && <ProfileView profile={view.remote} testId="tunnel-remote-profile" />}
      {view.connectStatus === CONNECT_STATUS.connected && (
        <section className="tunnel__console">
          <h3>{t('console.title')}</h3>
          <div className="tunnel__row">
            <Input
              className="tunnel__code"
              aria-label={t('console.inputLabel')}
              placeholder={t('console.placeholder')}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              onPressEnter={run}
              data-testid="tunnel-code"
            />
            <Button type="primary" onClick={run} data-testid="tunnel-run">
              {t('console.run')}
            </Button>
          </div>
          <TextSender onSend={(text) => session.sendText(text)} />
        </section>
      )}
      {view.entries.length > 0 || view.connectStatus === CONNECT_STATUS.connected ? <ConsoleLog entries={view.entries} /> : null}
      <FileTransfers
        entries={view.files}
        canSend={view.connectStatus === CONNECT_STATUS.connected}
        onSend={(files) => session.sendFiles(files)}
        onCancel={(id) => session.cancelFile(id)}
        onSave={(id, index) => void session.saveFile(id, index)}
      />
    </div>
  );
}
