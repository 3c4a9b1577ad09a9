import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Spin } from '@/components/Spin';
import { Paragraph, Text } from '@/components/Text';
import { randomHexId } from '@/lib/ids';
import { audioContext, audioWorker, channelsOf, decodeRecording } from './audio-client';
import type { RecordingRecord, Recordings } from './recordings';
import { clampSelection, extensionOf, fileNameOf, formatSeconds, isWhole, selectionFrames } from './voice-recorder.service';
import type { Selection } from './voice-recorder.service';
import { Waveform } from './Waveform';

/** Bars in the waveform: enough for a wide screen, few enough to draw at once. */
const WAVE_BARS = 600;

interface Loaded {
  buffer: AudioBuffer;
  peaks: Float32Array;
}

type Playing = 'none' | 'all' | 'selection';

/** Plays a part of the buffer and moves the playhead on each frame; returns how to stop it. */
function play(buffer: AudioBuffer, from: number, to: number, playhead: HTMLDivElement | null, onEnd: () => void): () => void {
  const context = audioContext();
  void context.resume();
  const source = context.createBufferSource();
  source.buffer = buffer;
  source.connect(context.destination);
  const startedAt = context.currentTime;
  source.start(0, from, Math.max(0, to - from));
  let frame = requestAnimationFrame(function move() {
    const at = Math.min(to, from + context.currentTime - startedAt);
    if (playhead) {
      playhead.hidden = false;
      playhead.style.left = `${(at / buffer.duration) * 100}%`;
    }
    frame = requestAnimationFrame(move);
  });
  const stop = () => {
    cancelAnimationFrame(frame);
    if (playhead) playhead.hidden = true;
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Already ended.
    }
    source.disconnect();
  };
  source.onended = () => {
    stop();
    onEnd();
  };
  return stop;
}

interface RecordingEditorProps {
  record: RecordingRecord;
  store: Recordings;
  onCreated: (record: RecordingRecord) => void;
}

/** Playback with a waveform, trim into a new recording, and downloads of one recording. */
export function RecordingEditor({ record, store, onCreated }: RecordingEditorProps) {
  const { t } = useTranslation('voice-recorder');
  const [loaded, setLoaded] = useState<Loaded>();
  const [failed, setFailed] = useState<'decode' | 'work'>();
  const [selection, setSelection] = useState<Selection>({ start: 0, end: 0 });
  const [playing, setPlaying] = useState<Playing>('none');
  const [busy, setBusy] = useState<'trim' | 'wav' | 'mp3'>();
  const playheadRef = useRef<HTMLDivElement>(null);
  const stopRef = useRef<(() => void) | undefined>(undefined);

  useEffect(() => {
    // The page mounts one editor per recording (keyed by id), so there is no earlier state to clear.
    let current = true;
    void (async () => {
      try {
        const buffer = await decodeRecording(await store.blob(record));
        const peaks = await audioWorker.api.peaks(channelsOf(buffer), WAVE_BARS);
        if (!current) return;
        setLoaded({ buffer, peaks });
        setSelection({ start: 0, end: buffer.duration });
      } catch {
        if (current) setFailed('decode');
      }
    })();
    return () => {
      current = false;
      stopRef.current?.();
      stopRef.current = undefined;
    };
  }, [record, store]);

  const stopPlayback = () => {
    stopRef.current?.();
    stopRef.current = undefined;
    setPlaying('none');
  };

  const startPlayback = (which: Exclude<Playing, 'none'>) => {
    if (!loaded) return;
    stopPlayback();
    const [from, to] = which === 'all' ? [0, loaded.buffer.duration] : [selection.start, selection.end];
    stopRef.current = play(loaded.buffer, from, to, playheadRef.current, () => {
      stopRef.current = undefined;
      setPlaying('none');
    });
    setPlaying(which);
  };

  /** The selection (or everything) as a WAV file, encoded in the worker. */
  const wavOf = async (part: Selection): Promise<Blob> => {
    const { buffer } = loaded!;
    const frames = selectionFrames(part, buffer.sampleRate, buffer.length);
    const file = await audioWorker.api.wav(channelsOf(buffer), buffer.sampleRate, frames.start, frames.end);
    return new Blob([file], { type: 'audio/wav' });
  };

  /** The selection as Opus in WebM, like a recording; undefined where the browser cannot encode Opus. */
  const opusOf = async (part: Selection): Promise<Blob | undefined> => {
    const { buffer } = loaded!;
    const frames = selectionFrames(part, buffer.sampleRate, buffer.length);
    const file = await audioWorker.api.opus(channelsOf(buffer), buffer.sampleRate, frames.start, frames.end);
    return file ? new Blob([file], { type: 'audio/webm;codecs=opus' }) : undefined;
  };

  const trim = async () => {
    if (!loaded) return;
    setBusy('trim');
    try {
      const blob = (await opusOf(selection)) ?? (await wavOf(selection));
      const copy: RecordingRecord = {
        id: randomHexId(),
        name: t('trimmedName', { name: record.name }),
        mimeType: blob.type,
        duration: selection.end - selection.start,
        size: blob.size,
        createdAt: Date.now(),
        state: 'done',
        trimmedFrom: record.id,
      };
      await store.add(copy, blob);
      onCreated(copy);
    } catch {
      setFailed('work');
    } finally {
      setBusy(undefined);
    }
  };

  const downloadWav = async () => {
    if (!loaded) return;
    setBusy('wav');
    try {
      const blob = record.mimeType.includes('wav') ? await store.blob(record) : await wavOf({ start: 0, end: loaded.buffer.duration });
      downloadBlob(blob, fileNameOf(record.name, 'wav'));
    } catch {
      setFailed('work');
    } finally {
      setBusy(undefined);
    }
  };

  const downloadMp3 = async () => {
    if (!loaded) return;
    setBusy('mp3');
    try {
      const { buffer } = loaded;
      const file = await audioWorker.api.mp3(channelsOf(buffer), buffer.sampleRate, 0, buffer.length);
      downloadBlob(new Blob([file], { type: 'audio/mpeg' }), fileNameOf(record.name, 'mp3'));
    } catch {
      setFailed('work');
    } finally {
      setBusy(undefined);
    }
  };

  const downloadOriginal = async () => downloadBlob(await store.blob(record), fileNameOf(record.name, extensionOf(record.mimeType)));

  if (failed === 'decode') return <Alert type="error" showIcon title={t('decodeFailed')} data-testid="voice-decode-failed" />;
  if (!loaded)
    return (
      <div className="vrec__loading">
        <Spin /> <Text type="secondary">{t('loadingAudio')}</Text>
      </div>
    );

  const duration = loaded.buffer.duration;
  const length = selection.end - selection.start;
  return (
    <div className="vrec__editor" data-testid="voice-editor">
      <Paragraph>
        <Text strong>{record.name}</Text> · {t('duration')}{' '}
        <span data-testid="voice-duration" data-seconds={duration.toFixed(3)}>
          {formatSeconds(duration, true)}
        </span>
      </Paragraph>
      <Waveform
        peaks={loaded.peaks}
        duration={duration}
        selection={selection}
        playheadRef={playheadRef}
        onChange={(next, moved) => setSelection(clampSelection(next, duration, moved))}
        labels={{ waveform: t('waveform'), start: t('trimStart'), end: t('trimEnd') }}
      />
      <Paragraph type="secondary" data-testid="voice-selection">
        {t('selection', {
          start: formatSeconds(selection.start, true),
          end: formatSeconds(selection.end, true),
          length: formatSeconds(length, true),
        })}
      </Paragraph>
      <div className="vrec__actions">
        {playing === 'none' ? (
          <>
            <Button type="primary" onClick={() => startPlayback('all')} data-testid="voice-play">
              {t('play')}
            </Button>
            <Button onClick={() => startPlayback('selection')} disabled={isWhole(selection, duration)} data-testid="voice-play-selection">
              {t('playSelection')}
            </Button>
          </>
        ) : (
          <Button onClick={stopPlayback} data-testid="voice-stop-playback">
            {t('stopPlayback')}
          </Button>
        )}
        <Button onClick={() => void trim()} loading={busy === 'trim'} disabled={isWhole(selection, duration)} data-testid="voice-trim">
          {busy === 'trim' ? t('trimming') : t('applyTrim')}
        </Button>
      </div>
      <div className="vrec__actions">
        {record.mimeType.includes('wav') ? null : (
          <Button onClick={() => void downloadOriginal()} data-testid="voice-download-original">
            {record.mimeType.includes('webm') ? t('downloadWebm') : extensionOf(record.mimeType).toUpperCase()}
          </Button>
        )}
        <Button onClick={() => void downloadWav()} loading={busy === 'wav'} data-testid="voice-download-wav">
          {t('downloadWav')}
        </Button>
        <Button onClick={() => void downloadMp3()} loading={busy === 'mp3'} data-testid="voice-download-mp3">
          {t('downloadMp3')}
        </Button>
      </div>
      <Paragraph type="secondary">{t('downloadHint')}</Paragraph>
      {failed === 'work' ? <Alert type="error" showIcon title={t('workFailed')} /> : null}
    </div>
  );
}
