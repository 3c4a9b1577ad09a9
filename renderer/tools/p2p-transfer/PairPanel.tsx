import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Input } from '@/components/Input';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';

interface Props {
  /** The engine's code check and QR drawing (loaded with it, off the first load). */
  readCode: (typed: string) => string | undefined;
  qrSvg: (text: string) => string;
  /** The code made here this visit, shown with its QR code. */
  made: string | undefined;
  making: boolean;
  codes: string[];
  problem: string | undefined;
  onMake: () => void;
  onJoin: (code: string) => void;
  onForget: (code: string) => void;
}

/** Pairing across networks: make a code (with a QR code that opens this page with it) or type one. */
export function PairPanel({ readCode, qrSvg, made, making, codes, problem, onMake, onJoin, onForget }: Props) {
  const { t } = useTranslation('p2p-transfer');
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState(false);
  const qr = useMemo(() => {
    if (!made) return undefined;
    const link = new URL(window.location.href);
    link.search = `?pair=${made}`;
    link.hash = '';
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg(link.toString()))}`;
  }, [made, qrSvg]);

  const join = () => {
    const code = readCode(typed);
    setInvalid(!code);
    if (!code) return;
    setTyped('');
    onJoin(code);
  };

  return (
    <div className="p2p-pair">
      <div className="p2p-pair__make">
        <Button onClick={onMake} loading={making} data-testid="p2p-pair-make">
          {making ? t('pairCreating') : t('pairCreate')}
        </Button>
        {made && qr ? (
          <div className="p2p-pair__code">
            <Text type="secondary">{t('pairCode')}</Text>
            <span className="p2p-pair__digits" data-testid="p2p-pair-code">
              {made}
            </span>
            <img className="p2p-pair__qr" src={qr} alt={t('pairQrAlt')} width={160} height={160} />
            <Text type="secondary">{t('pairHint')}</Text>
          </div>
        ) : null}
      </div>
      <form
        className="p2p-pair__join"
        onSubmit={(event) => {
          event.preventDefault();
          join();
        }}
      >
        <Input
          aria-label={t('pairJoinLabel')}
          placeholder={t('pairJoinLabel')}
          value={typed}
          maxLength={12}
          autoCapitalize="characters"
          status={invalid ? 'error' : undefined}
          onChange={(event) => setTyped(event.target.value)}
          data-testid="p2p-pair-input"
        />
        <Button htmlType="submit" type="primary" data-testid="p2p-pair-join">
          {t('pairJoin')}
        </Button>
      </form>
      {invalid ? <Alert type="error" showIcon title={t('pairInvalid')} /> : null}
      {problem ? <Alert type="error" showIcon title={problem} data-testid="p2p-pair-problem" /> : null}
      {codes.length > 0 ? (
        <div className="p2p-pair__list">
          <Text type="secondary">{t('pairedList')}</Text>
          {codes.map((code) => (
            <Tag key={code} data-testid="p2p-paired-code">
              {code}
              <button type="button" className="p2p-pair__forget" aria-label={t('pairForget', { code })} onClick={() => onForget(code)}>
                ×
              </button>
            </Tag>
          ))}
        </div>
      ) : null}
    </div>
  );
}
