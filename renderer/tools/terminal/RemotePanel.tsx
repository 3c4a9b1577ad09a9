import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { pageLive } from '@/lib/live';
import { qrSvg } from '@/lib/qr/qr-encode';
import { ConsoleLog } from './ConsoleLog';
import { FileTransfers } from './FileTransfers';
import { ProfileView } from './ProfileView';
import { TextSender } from './TextSender';
import { evalAllowed } from './remote-console';
import { reloadForEval, tunnelApi } from './terminal-page';
import { RemoteSession, type RemoteView } from './tunnel-session';

/** This device is the remote: it opens a tunnel, shows its id and QR, and decides who may run code here. */
export function RemotePanel({ autoOpen }: { autoOpen: boolean }) {
  const { t } = useTranslation('terminal');
  const [view, setView] = useState<RemoteView>({ phase: 'idle', texts: [], files: [] });
  const [session] = useState(() => new RemoteSession(pageLive(), tunnelApi, setView));
  useEffect(() => () => session.close(), [session]);

  const open = () => {
    // Reached by in-app navigation, this document has the site's policy without eval: load /terminal itself.
    if (!evalAllowed() && reloadForEval()) return;
    void session.open();
  };
  useEffect(() => {
    if (autoOpen) open();
    // Once, on arrival from the reload that open() asked for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const id = view.tunnel?.id;
  const qr = useMemo(() => {
    if (!id) return undefined;
    const link = new URL(window.location.href);
    link.search = `?id=${id}`;
    link.hash = '';
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(link.toString()))}`;
  }, [id]);

  if (view.phase === 'idle' || (view.phase === 'failed' && !id) || view.phase === 'opening')
    return (
      <div className="tunnel__panel">
        <p>{t('remote.intro')}</p>
        {view.problem && <Alert type="error" showIcon message={t(`remote.problems.${view.problem}`)} data-testid="tunnel-remote-problem" />}
        <Button type="primary" loading={view.phase === 'opening'} onClick={open} data-testid="tunnel-open">
          {t('remote.open')}
        </Button>
      </div>
    );

  return (
    <div className="tunnel__panel">
      <div className="tunnel__id-box">
        <div>
          <div className="tunnel__label">{t('remote.idLabel')}</div>
          <div className="tunnel__id" data-testid="tunnel-id">
            {id}
          </div>
          <CopyButton text={id ?? ''} label={t('remote.copy')} />
        </div>
        {qr && <img className="tunnel__qr" src={qr} alt={t('remote.qrAlt')} width={148} height={148} />}
      </div>
      {view.problem && <Alert type="error" showIcon message={t(`remote.problems.${view.problem}`)} data-testid="tunnel-remote-problem" />}
      {view.phase === 'waiting' && <p className="tunnel__hint">{t('remote.waiting')}</p>}
      {view.phase === 'asked' && view.guest && (
        <Alert
          type="info"
          showIcon
          data-testid="tunnel-request"
          message={t('remote.requestTitle')}
          description={<ProfileView profile={view.guest.profile} testId="tunnel-guest-profile" />}
          action={
            <div className="tunnel__actions">
              <Button type="primary" size="small" onClick={() => session.accept()} data-testid="tunnel-accept">
                {t('remote.accept')}
              </Button>
              <Button size="small" danger onClick={() => session.refuse()} data-testid="tunnel-refuse">
                {t('remote.refuse')}
              </Button>
            </div>
          }
        />
      )}
      {view.phase === 'accepted' && (
        <>
          <Alert
            type="warning"
            showIcon
            data-testid="tunnel-allowed"
            message={t('remote.allowedTitle')}
            description={t('remote.allowedText')}
            action={
              <Button size="small" danger onClick={() => session.revoke()} data-testid="tunnel-revoke">
                {t('remote.revoke')}
              </Button>
            }
          />
          {view.evalBlocked && <Alert type="info" showIcon message={t('remote.noEval')} data-testid="tunnel-no-eval" />}
          <TextSender onSend={(text) => session.sendText(text)} />
          {view.texts.length > 0 && <ConsoleLog entries={view.texts} />}
        </>
      )}
      <FileTransfers
        entries={view.files}
        canSend={view.phase === 'accepted' && Boolean(view.linked)}
        onSend={(files) => session.sendFiles(files)}
        onCancel={(id) => session.cancelFile(id)}
        onSave={(id, index) => void session.saveFile(id, index)}
      />
    </div>
  );
}
