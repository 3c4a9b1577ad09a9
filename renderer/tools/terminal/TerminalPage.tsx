import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '@/components/Segmented';
import { Spin } from '@/components/Spin';
import './terminal.css';

// The panels reach the tunnel's zod-checked contract; loaded after the page keeps zod off its first load.
const RemotePanel = lazy(() => import('./RemotePanel').then((module) => ({ default: module.RemotePanel })));
const ConnectPanel = lazy(() => import('./ConnectPanel').then((module) => ({ default: module.ConnectPanel })));

/** /terminal: open a tunnel so another device can reach this page, or reach another device's. */
export default function TerminalPage() {
  const { t } = useTranslation('terminal');
  const { t: common } = useTranslation();
  const [params] = useState(() => new URLSearchParams(window.location.search));
  const [mode, setMode] = useState<'remote' | 'connect'>(params.has('id') ? 'connect' : 'remote');
  return (
    <div className="tunnel">
      <Segmented
        block
        value={mode}
        onChange={setMode}
        options={[
          { value: 'remote', label: t('modes.remote') },
          { value: 'connect', label: t('modes.connect') },
        ]}
      />
      <Suspense fallback={<Spin tip={common('messages.loading')} />}>
        {mode === 'remote' ? <RemotePanel autoOpen={params.get('open') === '1'} /> : <ConnectPanel initialId={params.get('id') ?? ''} />}
      </Suspense>
    </div>
  );
}
