import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Segmented } from '@/components/Segmented';
import { ConnectPanel } from './ConnectPanel';
import { RemotePanel } from './RemotePanel';
import './terminal.css';

/** /terminal: open a tunnel so another device can reach this page, or reach another device's. */
export default function TerminalPage() {
  const { t } = useTranslation('terminal');
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
      {mode === 'remote' ? <RemotePanel autoOpen={params.get('open') === '1'} /> : <ConnectPanel initialId={params.get('id') ?? ''} />}
    </div>
  );
}
