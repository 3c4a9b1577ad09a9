import { EyeInvisibleOutlined } from '@ant-design/icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Columns } from '@/components/Columns';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { DownloadButton } from '@/components/DownloadButton';
import { FileDropZone } from '@/components/FileDropZone';
import { Password } from '@/components/Input';
import { Spin } from '@/components/Spin';
import { Text } from '@/components/Text';
import { TextArea } from '@/components/TextArea';
import { formatFileSize } from '@/lib/format';
import { capacityReport, outputFileName } from './image-steganography.service';
import { ImagePreview } from './ImagePreview';
import type { ImageSummary } from './stego-core';
import { stego } from './stego-client';
import { failureMessage, formatLabel } from './stego-messages';
import type { Failure } from './stego-messages';

type Source =
  | { file: File; status: 'reading' }
  | { file: File; status: 'ready'; summary: ImageSummary }
  | { file: File; status: 'error'; failure: Failure };

interface Made {
  png: Blob;
  bytes: number;
  encrypted: boolean;
}

/** Hide mode: image + text (+ password) → a PNG carrying the text. */
export function HidePanel({ active }: { active: boolean }) {
  const { t } = useTranslation('image-steganography');
  const [source, setSource] = useState<Source>();
  const [text, setText] = useState('');
  const [password, setPassword] = useState('');
  const [working, setWorking] = useState(false);
  const [made, setMade] = useState<Made>();
  const [error, setError] = useState<Failure>();
  // Answers for an image the user has since replaced are dropped.
  const latest = useRef<File>(undefined);
  // Bumped by every change to the image, text or password: a PNG made from older inputs is never shown.
  const inputs = useRef(0);

  const pick = (file: File) => {
    latest.current = file;
    inputs.current += 1;
    setWorking(false);
    setSource({ file, status: 'reading' });
    setMade(undefined);
    setError(undefined);
    void stego.analyse(file).then((outcome) => {
      if (latest.current !== file) return;
      setSource(outcome.ok ? { file, status: 'ready', summary: outcome.value } : { file, status: 'error', failure: outcome });
    });
  };

  const edit = (apply: () => void) => {
    inputs.current += 1;
    apply();
    // The PNG on screen (or on its way) no longer matches what is typed.
    setWorking(false);
    setMade(undefined);
    setError(undefined);
  };

  const ready = source?.status === 'ready' ? source : undefined;
  const report = ready ? capacityReport(ready.summary.capacity, text, password.length > 0) : undefined;

  const hide = async () => {
    if (!ready) return;
    const run = inputs.current;
    setWorking(true);
    setError(undefined);
    const outcome = await stego.hide(ready.file, text, password);
    if (run !== inputs.current) return;
    setWorking(false);
    if (outcome.ok)
      setMade({
        png: new Blob([new Uint8Array(outcome.value.png)], { type: 'image/png' }),
        bytes: report?.usedBytes ?? 0,
        encrypted: password.length > 0,
      });
    else setError(outcome);
  };

  return (
    <Columns>
      <div>
        <div className="stg-column">
          <FileDropZone
            acceptPaste={active}
            multiple={false}
            accept="image/*"
            compact
            inputTestId="hide-input"
            title={t('drop.hide')}
            hint={t('drop.hint')}
            onFiles={([file]) => file && pick(file)}
          />
          {source?.status === 'reading' ? <Spin tip={t('analysing')} className="stg-spin" /> : null}
          {source?.status === 'error' ? (
            <Alert type="error" showIcon message={failureMessage(t, source.failure)} data-testid="hide-error" />
          ) : null}
          {ready ? (
            <>
              <Text data-testid="hide-info" className="stg-info">
                {t('info', {
                  width: ready.summary.width,
                  height: ready.summary.height,
                  format: formatLabel(ready.summary.format, ready.file.name),
                  capacity: formatFileSize(ready.summary.capacity),
                })}
              </Text>
              {ready.summary.format !== 'png' ? (
                <Text type="secondary">{t('convertedNote', { format: formatLabel(ready.summary.format, ready.file.name) })}</Text>
              ) : null}
              <div className="stg-previews">
                <ImagePreview blob={ready.file} caption={t('original')} testId="hide-original-preview" />
                {made ? <ImagePreview blob={made.png} caption={t('result')} testId="hide-result-preview" /> : null}
              </div>
            </>
          ) : null}
        </div>
      </div>
      <div>
        <div className="stg-column">
          <label className="stg-field">
            <Text strong>{t('text.label')}</Text>
            <TextArea
              value={text}
              onChange={(event) => edit(() => setText(event.target.value))}
              placeholder={t('text.placeholder')}
              autoSize={{ minRows: 4, maxRows: 12 }}
              data-testid="hide-text"
            />
          </label>
          {report ? (
            <Text type={report.over ? 'danger' : 'secondary'} className="stg-capacity" data-testid="hide-capacity" data-over={report.over}>
              {t('capacity.line', { used: report.usedBytes, max: report.maxBytes, hanzi: report.maxHanzi })}
            </Text>
          ) : null}
          {report?.over ? (
            <Alert
              type="error"
              showIcon
              message={report.maxBytes === 0 ? t('capacity.none') : t('capacity.over', { count: report.usedBytes - report.maxBytes })}
              data-testid="hide-over"
            />
          ) : null}
          <label className="stg-field">
            <Text strong>{t('password.label')}</Text>
            <Password
              value={password}
              onChange={(event) => edit(() => setPassword(event.target.value))}
              placeholder={t('password.hidePlaceholder')}
              autoComplete="new-password"
              data-testid="hide-password"
            />
            <Text type="secondary" className="stg-note">
              {t('password.note')}
            </Text>
          </label>
          <Button
            type="primary"
            icon={<EyeInvisibleOutlined />}
            loading={working}
            disabled={!ready || text.length === 0 || report?.over}
            onClick={() => void hide()}
            data-testid="hide-submit"
          >
            {t('hideButton')}
          </Button>
          {error ? <Alert type="error" showIcon message={failureMessage(t, error)} data-testid="hide-failure" /> : null}
          {made && ready ? (
            <div className="stg-result" data-testid="hide-result">
              <Alert
                type="success"
                showIcon
                message={t('hidden', { count: made.bytes, encrypted: made.encrypted ? t('hiddenEncrypted') : '' })}
              />
              <DownloadButton
                type="primary"
                getFile={() => made.png}
                fileName={outputFileName(ready.file.name)}
                label={t('download')}
                data-testid="hide-download"
              />
            </div>
          ) : null}
          <Alert type="warning" showIcon message={t('lossyWarning')} data-testid="lossy-warning" />
        </div>
      </div>
    </Columns>
  );
}
