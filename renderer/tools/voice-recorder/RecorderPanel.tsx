import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Field } from '@/components/Field';
import { Select } from '@/components/Select';
import { storageProblem } from './chunk-writer';
import type { TakeOutcome } from './chunk-writer';
import type { MicProblem } from './mic-errors';
import { MicError, Take } from './recorder';
import type { RecordingRecord, Recordings } from './recordings';
import { extensionOf, fileNameOf, formatSeconds } from './voice-recorder.service';

type Phase = 'idle' | 'starting' | 'recording' | 'paused' | 'stopping';
type Problem = MicProblem | 'deviceLost' | 'storageFull' | 'storageFailed';

const problemKey = (problem: Problem) =>
  problem === 'deviceLost' || problem === 'storageFull' || problem === 'storageFailed' ? problem : (`problem.${problem}` as const);

/** The whole take as one file: the chunks storage kept, then those only the page's memory holds. */
async function downloadTake(store: Recordings, { record, unsaved }: TakeOutcome): Promise<void> {
  const stored = await store.blob(record);
  downloadBlob(new Blob([stored, ...unsaved], { type: record.mimeType }), fileNameOf(record.name, extensionOf(record.mimeType)));
}

/** The microphones, once the browser names them (after the first permission); '' is the system default. */
function useMicrophones(phase: Phase) {
  // Read again once a take has started: only then does the browser give the devices their names.
  const recording = phase === 'recording';
  const [inputs, setInputs] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const devices = navigator.mediaDevices;
    if (!devices?.enumerateDevices) return;
    const read = () =>
      void devices
        .enumerateDevices()
        .then((all) => setInputs(all.filter((device) => device.kind === 'audioinput' && device.deviceId !== 'default')))
        .catch(() => setInputs([]));
    read();
    devices.addEventListener('devicechange', read);
    return () => devices.removeEventListener('devicechange', read);
  }, [recording]);
  return inputs;
}

interface RecorderPanelProps {
  store: Recordings;
  onStarted: (record: RecordingRecord) => void;
  onSaved: (record: RecordingRecord) => void;
}

/** The big record button, pause/resume, stop, the level meter and the elapsed time. */
export function RecorderPanel({ store, onStarted, onSaved }: RecorderPanelProps) {
  const { t } = useTranslation('voice-recorder');
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<Problem>();
  const [unsaved, setUnsaved] = useState<TakeOutcome>();
  const [downloadFailed, setDownloadFailed] = useState(false);
  const [deviceId, setDeviceId] = useState('');
  const takeRef = useRef<Take | undefined>(undefined);
  const meterRef = useRef<HTMLDivElement>(null);
  const elapsedRef = useRef<HTMLSpanElement>(null);
  const inputs = useMicrophones(phase);

  const stop = useCallback(async () => {
    const take = takeRef.current;
    if (!take) return;
    setPhase('stopping');
    try {
      const outcome = await take.stop();
      if (outcome.error !== undefined) setProblem(storageProblem(outcome.error));
      if (outcome.unsaved.length > 0) setUnsaved(outcome);
      onSaved(outcome.record);
    } finally {
      takeRef.current = undefined;
      setPhase('idle');
    }
  }, [onSaved]);

  const start = async () => {
    setProblem(undefined);
    setUnsaved(undefined);
    setDownloadFailed(false);
    setPhase('starting');
    const name = t('defaultName', { time: new Date().toLocaleString() });
    try {
      const take = await Take.start(store, name, deviceId || undefined, {
        // The problem is shown once the take has stopped, from what it could not store.
        onStorageError: () => void stop(),
        onDeviceLost: () => {
          setProblem('deviceLost');
          void stop();
        },
      });
      takeRef.current = take;
      setPhase('recording');
      onStarted(take.record);
    } catch (error) {
      setPhase('idle');
      setProblem(error instanceof MicError ? error.problem : 'failed');
    }
  };

  const togglePause = () => {
    const take = takeRef.current;
    if (!take) return;
    if (phase === 'paused') take.resume();
    else take.pause();
    setPhase(take.paused ? 'paused' : 'recording');
  };

  // The meter and the clock are written straight into the DOM each frame: no React render per frame.
  useEffect(() => {
    if (phase !== 'recording' && phase !== 'paused') return;
    let frame = requestAnimationFrame(function draw() {
      const take = takeRef.current;
      if (take) {
        const level = take.paused ? 0 : take.level();
        if (meterRef.current) meterRef.current.style.transform = `scaleX(${Math.sqrt(level).toFixed(3)})`;
        if (elapsedRef.current) elapsedRef.current.textContent = formatSeconds(take.elapsed());
      }
      frame = requestAnimationFrame(draw);
    });
    return () => cancelAnimationFrame(frame);
  }, [phase]);

  // Leaving the page mid-take keeps it: stop and store what was recorded.
  useEffect(() => () => void takeRef.current?.stop(), []);

  const busy = phase !== 'idle';
  const deviceOptions = [
    { value: '', label: t('defaultDevice') },
    ...inputs.map((device, index) => ({ value: device.deviceId, label: device.label || t('deviceN', { n: index + 1 }) })),
  ];

  return (
    <div className="vrec__recorder" data-testid="voice-recorder-panel" data-phase={phase}>
      {inputs.length > 1 ? (
        <Field label={t('device')}>
          <Select
            value={deviceId}
            onChange={setDeviceId}
            options={deviceOptions}
            disabled={busy}
            aria-label={t('device')}
            data-testid="voice-device"
          />
        </Field>
      ) : null}
      <div className="vrec__status" aria-live="polite">
        <span className={`vrec__dot vrec__dot--${phase}`} aria-hidden />
        <span data-testid="voice-state">
          {phase === 'starting' ? t('starting') : phase === 'paused' ? t('paused') : busy ? t('recording') : ''}
        </span>
        <span className="vrec__elapsed" aria-label={t('elapsed')} ref={elapsedRef} data-testid="voice-elapsed">
          {formatSeconds(0)}
        </span>
      </div>
      <div className="vrec__meter" role="meter" aria-label={t('level')} aria-valuemin={0} aria-valuemax={1}>
        <div className="vrec__meter-fill" ref={meterRef} data-testid="voice-meter" />
      </div>
      <div className="vrec__controls">
        {busy ? (
          <>
            <Button size="large" onClick={togglePause} disabled={phase !== 'recording' && phase !== 'paused'} data-testid="voice-pause">
              {phase === 'paused' ? t('resume') : t('pause')}
            </Button>
            <button
              type="button"
              className="vrec__big vrec__big--stop"
              onClick={() => void stop()}
              disabled={phase !== 'recording' && phase !== 'paused'}
              data-testid="voice-stop"
            >
              <span className="vrec__big-icon vrec__big-icon--stop" aria-hidden />
              <span>{t('stop')}</span>
            </button>
          </>
        ) : (
          <button type="button" className="vrec__big" onClick={() => void start()} data-testid="voice-record">
            <span className="vrec__big-icon" aria-hidden />
            <span>{t('record')}</span>
          </button>
        )}
      </div>
      {problem ? (
        <Alert
          type={problem === 'deviceLost' ? 'warning' : 'error'}
          showIcon
          title={t(problemKey(problem))}
          // The button sits under the text, not beside it: on a phone a side button leaves the text a narrow column.
          description={
            unsaved ? (
              <>
                {downloadFailed ? t('unsavedDownloadFailed') : t('unsaved')}
                <div className="vrec__unsaved">
                  <Button
                    type="primary"
                    onClick={() => void downloadTake(store, unsaved).catch(() => setDownloadFailed(true))}
                    data-testid="voice-download-unsaved"
                  >
                    {t('downloadUnsaved')}
                  </Button>
                </div>
              </>
            ) : undefined
          }
          data-testid="voice-problem"
        />
      ) : null}
    </div>
  );
}
