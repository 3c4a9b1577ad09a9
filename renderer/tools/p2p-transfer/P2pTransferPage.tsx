import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PresenceCard } from '@shared/contracts/p2p';
import type { P2pTransport } from '@shared/p2p';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Panel } from '@/components/Panel';
import { Text } from '@/components/Text';
import { myDeviceName } from '@/lib/device-name';
import { canPickDirectory, pickDirectory } from '@/lib/file-system-access';
import { toast } from '@/lib/notify';
import { DeviceList } from './DeviceList';
import type { DeviceView, P2pDevices } from './devices';
import type * as EngineModule from './engine';
import { PairPanel } from './PairPanel';
import { ReceivedStorage } from './ReceivedStorage';
import { describeAgent } from './p2p-transfer.service';
import { SendPanel } from './SendPanel';
import type { TransferCenter, TransferEntry } from './transfers';
import { TransferList } from './TransferList';
import './p2p-transfer.css';

/** Never change it: paired devices would be forgotten. */
const PAIRED_KEY = 'baibao:p2p-paired-codes';

type Engine = typeof EngineModule;

function loadCodes(engine: Engine): string[] {
  try {
    return engine.parsePairedCodes(JSON.parse(localStorage.getItem(PAIRED_KEY) ?? '[]'));
  } catch {
    return [];
  }
}
function storeCodes(codes: string[]): void {
  try {
    localStorage.setItem(PAIRED_KEY, JSON.stringify(codes));
  } catch {
    // Storage refused (private mode): the pairing lasts this visit.
  }
}

/** /p2p/transfer: find devices on this network or by pairing code, and send files, folders and text straight to them. */
export default function P2pTransferPage() {
  const { t, i18n } = useTranslation('p2p-transfer');
  const language = i18n.language === 'en' ? 'en' : 'cn';
  // The card is made once: a language switch while others see this device must not rename it.
  const [card] = useState<PresenceCard>(() => ({ name: myDeviceName(language), ...describeAgent(navigator.userAgent) }));
  const [devices, setDevices] = useState<DeviceView[]>([]);
  const [selected, setSelected] = useState<string>();
  const [entries, setEntries] = useState<TransferEntry[]>([]);
  const [phase, setPhase] = useState<'hello' | 'ready' | 'failed'>('hello');
  const [codes, setCodes] = useState<string[]>([]);
  const [engine, setEngine] = useState<Engine>();
  const [made, setMade] = useState<string>();
  const [making, setMaking] = useState(false);
  const [pairProblem, setPairProblem] = useState<{ key: 'pairRefused' | 'pairTooMany' | 'pairFailed'; code?: string }>();
  const [roomProblem, setRoomProblem] = useState(false);
  const [folder, setFolder] = useState<FileSystemDirectoryHandle>();
  const [center, setCenter] = useState<TransferCenter>();
  const devicesRef = useRef<P2pDevices | undefined>(undefined);

  const forget = useCallback((code: string) => {
    setCodes((old) => {
      const next = old.filter((item) => item !== code);
      storeCodes(next);
      return next;
    });
    devicesRef.current?.leave(`p2p:pair-${code}`);
  }, []);

  const remember = useCallback((code: string) => {
    setCodes((old) => {
      const next = [code, ...old.filter((item) => item !== code)].slice(0, 20);
      storeCodes(next);
      return next;
    });
    devicesRef.current?.join(`p2p:pair-${code}`, 'pair', code);
  }, []);

  useEffect(() => {
    let stopped = false;
    void (async () => {
      let loaded: Engine;
      let hello;
      try {
        loaded = await import('./engine');
        hello = await loaded.hello();
      } catch {
        if (!stopped) setPhase('failed');
        return;
      }
      if (stopped) return;
      const transfers = new loaded.TransferCenter(setEntries);
      setCenter(transfers);
      // Interrupted transfers continue once their device links; kept files are listed again.
      void transfers.restore();
      const controller = new loaded.P2pDevices({
        live: loaded.pageLive(),
        card,
        iceServers: hello.iceServers,
        relayOnly: hello.iceTransportPolicy === 'relay',
        onChange: setDevices,
        onTransport: (device, transport) => {
          if (device.card) transfers.attach(device.card, transport);
        },
        onRoomError: (code, reason) => {
          if (code && reason === 'refused') {
            setPairProblem({ key: 'pairRefused', code });
            forget(code);
          } else if (reason !== 'malformed' && reason !== 'notJoined') {
            setRoomProblem(true);
          }
        },
      });
      devicesRef.current = controller;
      controller.join(loaded.networkRoom(hello.network), 'net');
      const stored = loadCodes(loaded);
      setCodes(stored);
      for (const code of stored) controller.join(loaded.pairRoom(code), 'pair', code);
      // A scanned pairing QR code opens this page with ?pair=<code>.
      const fromLink = loaded.readPairCode(new URLSearchParams(window.location.search).get('pair') ?? '');
      if (fromLink) remember(fromLink);
      setEngine(loaded);
      setPhase('ready');
    })();
    return () => {
      stopped = true;
      devicesRef.current?.close();
      devicesRef.current = undefined;
    };
  }, [card, forget, remember]);

  const makeCode = async () => {
    setMaking(true);
    setPairProblem(undefined);
    try {
      if (!engine) return;
      const code = await engine.makePair();
      setMade(code);
      remember(code);
    } catch (error) {
      setPairProblem({ key: (error as { status?: number }).status === 429 ? 'pairTooMany' : 'pairFailed' });
    } finally {
      setMaking(false);
    }
  };

  const join = (code: string) => {
    setPairProblem(undefined);
    remember(code);
  };

  const chooseFolder = async () => {
    const handle = await pickDirectory({ id: 'p2p-received', mode: 'readwrite' }).catch(() => null);
    if (!handle) return;
    center?.setFolder(handle);
    setFolder(handle);
  };

  const target = devices.find((device) => device.key === selected && device.card);
  const withTarget = (send: (transfers: TransferCenter, card: PresenceCard, transport: P2pTransport) => void) => {
    const transport = target && devicesRef.current?.transport(target.key);
    if (!target?.card || !transport || !center) {
      toast.error(t('notConnected', { name: target?.card?.name ?? '' }));
      return;
    }
    send(center, target.card, transport);
  };

  return (
    <div className="p2p">
      <Panel className="p2p__me">
        <Text type="secondary">{t('me')}</Text>
        <div className="p2p__name" data-testid="p2p-my-name">
          {card.name}
        </div>
        <Text type="secondary">{t('meHint')}</Text>
        {phase === 'hello' ? <Text type="secondary">{t('connecting')}</Text> : null}
        {phase === 'failed' ? <Alert type="error" showIcon title={t('helloFailed')} data-testid="p2p-hello-failed" /> : null}
        {roomProblem ? <Alert type="error" showIcon title={t('roomError')} /> : null}
      </Panel>

      <Panel title={t('devices')}>
        <DeviceList devices={devices} selected={selected} onSelect={setSelected} />
      </Panel>

      {/* Offers to answer come first: on a phone the rest is a scroll away. */}
      {entries.length > 0 ? (
        <Panel title={t('transfers')}>{center ? <TransferList entries={entries} center={center} /> : null}</Panel>
      ) : null}

      <Panel title={target?.card ? t('sendTitle', { name: target.card.name }) : undefined}>
        {!target ? <Text type="secondary">{t('sendPick')}</Text> : null}
        <SendPanel
          maxText={engine?.P2P_MAX_TEXT_CHARS ?? 0}
          disabled={!engine || !target || target.link !== 'connected'}
          onFiles={(files) => withTarget((transfers, peer, transport) => transfers.sendFiles(peer, transport, files))}
          onText={(text) => withTarget((transfers, peer, transport) => transfers.sendText(peer, transport, text))}
        />
      </Panel>

      <Panel title={t('pairTitle')}>
        {engine ? (
          <PairPanel
            readCode={engine.readPairCode}
            qrSvg={engine.qrSvg}
            made={made}
            making={making}
            codes={codes}
            problem={pairProblem ? t(pairProblem.key, { code: pairProblem.code }) : undefined}
            onMake={() => void makeCode()}
            onJoin={join}
            onForget={forget}
          />
        ) : null}
      </Panel>

      <Panel title={t('sinkTitle')}>
        <div className="p2p-sink">
          <Text data-testid="p2p-sink">{folder ? t('sinkFolder', { name: folder.name }) : t('sinkPrivate')}</Text>
          {canPickDirectory() ? (
            <Button size="small" onClick={() => void chooseFolder()}>
              {t('sinkChoose')}
            </Button>
          ) : null}
          {folder ? (
            <Button
              size="small"
              onClick={() => {
                center?.setFolder(undefined);
                setFolder(undefined);
              }}
            >
              {t('sinkReset')}
            </Button>
          ) : null}
        </div>
        {center ? <ReceivedStorage center={center} entries={entries} /> : null}
      </Panel>
    </div>
  );
}
