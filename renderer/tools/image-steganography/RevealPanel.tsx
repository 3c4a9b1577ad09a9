import { LockOutlined, UnlockOutlined, EyeOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { CopyButton } from '@/components/CopyButton';
import { FileDropZone } from '@/components/FileDropZone';
import { Password } from '@/components/Input';
import { Spin } from '@/components/Spin';
import { Tag } from '@/components/Tag';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { utf8Length } from './image-steganography.service';
import { ImagePreview } from './ImagePreview';
import type { Revealed } from './stego-core';
import { stego } from './stego-client';
import { failureMessage } from './stego-messages';
import type { Failure } from './stego-messages';

/** Failures where the browser cannot show the file either. */
const UNREADABLE: ReadonlySet<string> = new Set(['notImage', 'unsupportedFormat', 'unknown', 'tooBig']);

type State = { status: 'working' } | { status: 'done'; revealed: Revealed } | { status: 'error'; failure: Failure; shown: boolean };

/** Reveal mode: a PNG (+ password) → the hidden text. */
export function RevealPanel({ active }: { active: boolean }) {
  const { t } = useTranslation('image-steganography');
  const [file, setFile] = useState<File>();
  const [password, setPassword] = useState('');
  const [state, setState] = useState<State>();
  const latest = useRef(0);

  const reveal = (target: File, secret: string) => {
    const run = (latest.current += 1);
    setState({ status: 'working' });
    void stego.reveal(target, secret).then((outcome) => {
      if (run !== latest.current) return;
      // The picture is worth showing unless it could not be read.
      setState(
        outcome.ok
          ? { status: 'done', revealed: outcome.value }
          : { status: 'error', failure: outcome, shown: !UNREADABLE.has(outcome.error) },
      );
    });
  };

  const pick = (next: File) => {
    setFile(next);
    reveal(next, password);
  };

  const revealed = state?.status === 'done' ? state.revealed : undefined;
  const showPreview = file && (state?.status === 'done' || (state?.status === 'error' && state.shown));

  return (
    <Columns>
      <div>
        <div className="stg-column">
          <FileDropZone
            acceptPaste={active}
            multiple={false}
            accept="image/*"
            compact
            inputTestId="reveal-input"
            title={t('drop.reveal')}
            hint={t('drop.revealHint')}
            onFiles={([next]) => next && pick(next)}
          />
          {showPreview ? (
            <div className="stg-previews">
              <ImagePreview blob={file} caption={file.name} testId="reveal-preview" />
            </div>
          ) : null}
        </div>
      </div>
      <div>
        <div className="stg-column">
          <label className="stg-field">
            <Text strong>{t('password.label')}</Text>
            <Password
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              onPressEnter={() => file && reveal(file, password)}
              placeholder={t('password.revealPlaceholder')}
              autoComplete="off"
              data-testid="reveal-password"
            />
          </label>
          {/* Never "loading": a click while the password-less read of a just-dropped image runs must
              start the read with the password (the latest run wins). */}
          <Button
            type="primary"
            icon={<EyeOutlined />}
            disabled={!file}
            onClick={() => file && reveal(file, password)}
            data-testid="reveal-submit"
          >
            {t('revealButton')}
          </Button>
          {state?.status === 'working' ? <Spin className="stg-spin" /> : null}
          {state?.status === 'error' ? (
            <Alert type="error" showIcon message={failureMessage(t, state.failure)} data-testid="reveal-error" />
          ) : null}
          {revealed ? (
            <div className="stg-result" data-testid="reveal-result">
              <div className="stg-result__head">
                <Text strong>{t('revealed.title')}</Text>
                {revealed.encrypted ? (
                  <Tag color="green" icon={<UnlockOutlined />}>
                    {t('revealed.encrypted')}
                  </Tag>
                ) : (
                  <Tag icon={<LockOutlined />}>{t('revealed.plain')}</Tag>
                )}
                <Text type="secondary">
                  {t('revealed.size', { chars: Array.from(revealed.text).length, bytes: utf8Length(revealed.text) })}
                </Text>
                <CopyButton text={revealed.text} label={t('revealed.copy')} type="default" data-testid="reveal-copy" />
              </div>
              <TextArea
                value={revealed.text}
                readOnly
                autoSize={{ minRows: 3, maxRows: 16 }}
                aria-label={t('revealed.title')}
                data-testid="reveal-text"
              />
            </div>
          ) : null}
        </div>
      </div>
    </Columns>
  );
}
