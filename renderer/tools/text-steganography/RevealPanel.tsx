import { EyeOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { Password } from '@/components/Input';
import { TextArea } from '@/components/TextArea';
import { boxSize } from '@/components/text-box';
import { Text } from '@/components/Text';
import { revealText, stripInvisible } from './text-steganography.service';
import type { RevealResult } from './text-steganography.service';

type State = { status: 'done'; result: RevealResult; invisible: number } | { status: 'error'; message: string };

/** Reveal mode: pasted text (+ password) → the secret, or why there is none. */
export function RevealPanel() {
  const { t } = useTranslation('text-steganography');
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>();
  const [working, setWorking] = useState(false);
  const latest = useRef(0);

  const reveal = () => {
    const run = (latest.current += 1);
    setWorking(true);
    revealText(text, password).then(
      (result) => {
        if (run !== latest.current) return;
        setState({ status: 'done', result, invisible: stripInvisible(text).removed });
        setWorking(false);
      },
      (failure: unknown) => {
        if (run !== latest.current) return;
        setState({
          status: 'error',
          message: t('errors.unknown', { message: failure instanceof Error ? failure.message : String(failure) }),
        });
        setWorking(false);
      },
    );
  };

  const result = state?.status === 'done' ? state.result : undefined;
  let problem: string | undefined;
  if (state?.status === 'error') problem = state.message;
  else if (result?.kind === 'none')
    problem = state?.status === 'done' && state.invisible > 0 ? t('reveal.noneButInvisible', { count: state.invisible }) : t('reveal.none');
  else if (result && result.kind !== 'ok') problem = t(`reveal.${result.kind}`);

  return (
    <Columns>
      <div>
        <div className="tsg-column">
          <label className="tsg-field">
            <Text strong>{t('reveal.inputLabel')}</Text>
            <TextArea
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder={t('reveal.placeholder')}
              {...boxSize(text, 4, 12)}
              data-testid="reveal-input"
            />
          </label>
          <label className="tsg-field">
            <Text strong>{t('password.label')}</Text>
            <Password
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              onPressEnter={reveal}
              placeholder={t('password.revealPlaceholder')}
              autoComplete="off"
              data-testid="reveal-password"
            />
          </label>
          <Button
            type="primary"
            icon={<EyeOutlined />}
            loading={working}
            disabled={text.length === 0}
            onClick={reveal}
            data-testid="reveal-submit"
          >
            {t('reveal.button')}
          </Button>
        </div>
      </div>
      <div>
        <div className="tsg-column">
          {problem ? (
            <Alert
              type={result?.kind === 'none' ? 'info' : result?.kind === 'needsPassword' ? 'warning' : 'error'}
              showIcon
              message={problem}
              data-testid="reveal-problem"
              data-kind={result?.kind ?? 'error'}
            />
          ) : null}
          {result?.kind === 'ok' ? (
            <div className="tsg-column" data-testid="reveal-result">
              <div className="tsg-result__head">
                <Text strong>{t('reveal.result')}</Text>
                <CopyButton text={result.secret} label={t('reveal.copy')} type="default" />
              </div>
              <TextArea
                value={result.secret}
                readOnly
                {...boxSize(result.secret, 3, 12)}
                aria-label={t('reveal.result')}
                data-testid="reveal-secret"
              />
            </div>
          ) : null}
        </div>
      </div>
    </Columns>
  );
}
