import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { loginAddress } from '@/auth/login-url';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { downloadBlob } from '@/components/download';
import { Field } from '@/components/Field';
import { FileDropZone } from '@/components/FileDropZone';
import { Input } from '@/components/Input';
import { NumberInput } from '@/components/NumberInput';
import { Panel } from '@/components/Panel';
import { Progress } from '@/components/Progress';
import { RadioGroup } from '@/components/Radio';
import { Segmented } from '@/components/Segmented';
import { formatFileSize } from '@/lib/format';
import { canPickSaveFile, pickSaveFile } from '@/lib/file-system-access';
import { account, platform } from '@/platform';
import { parsePlaylist, planDownload } from '@shared/m3u8';
import type { M3u8Master, M3u8Media, Progress as RunProgress, SegmentState } from '@shared/m3u8';
import { fileSink, readPlaylist, startRun } from './download';
import type { Run, Sink } from './download';
import { countStates } from './grid';
import { describeProblem, formatClock, outputName, segmentStarts, variantLabel } from './m3u8-downloader.service';
import type { Problem } from './m3u8-downloader.service';
import { MAX_PARALLEL, useM3u8Settings } from './m3u8-downloader.store';
import { createPartSplitter } from './parts';
import { nativeMp4Sink } from './native-mp4';
import { remuxingSink } from './remux-client';
import type { Part } from './parts';
import { SegmentGrid } from './SegmentGrid';
import '@/components/components.css';
import './m3u8-downloader.css';

type Phase =
  | { kind: 'source' }
  | { kind: 'loading' }
  | { kind: 'master'; master: M3u8Master; chosen: number }
  | { kind: 'media'; media: M3u8Media }
  | { kind: 'running'; media: M3u8Media; run: Run; from: number; parts: boolean }
  | { kind: 'ended'; media: M3u8Media; outcome: 'complete' | 'cancelled' | 'error'; bytes: number; parts: number };

/** A finished part waiting for the visitor's click (the download waits with it). */
interface PendingPart {
  part: Part;
  save: () => void;
}

function useLoggedIn(): boolean {
  const [userId, setUserId] = useState(account.userId());
  useEffect(() => account.onChange(setUserId), []);
  return userId !== undefined;
}

/** /m3u8/downloader: an HLS playlist to one file, streamed to disk (or in parts) as segments arrive. */
export default function M3u8DownloaderPage() {
  const { t, i18n } = useTranslation('m3u8-downloader');
  const location = useLocation();
  const hls = platform.hls;
  const loggedIn = useLoggedIn();
  const settings = useM3u8Settings();
  const [mode, setMode] = useState<'url' | 'file'>('url');
  const [url, setUrl] = useState('');
  const [base, setBase] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'source' });
  const [problem, setProblem] = useState<Problem>();
  const [range, setRange] = useState<{ from: number; to: number }>({ from: 1, to: 1 });
  const [, setTick] = useState(0);
  const [hover, setHover] = useState<number>();
  const [pending, setPending] = useState<PendingPart>();
  const [sourceName, setSourceName] = useState('');
  const queued = useRef(false);
  const running = phase.kind === 'running' ? phase.run : undefined;

  // The scheduler calls onChange on every segment; the page redraws at most every 200 ms.
  const redraw = useCallback(() => {
    if (queued.current) return;
    queued.current = true;
    window.setTimeout(() => {
      queued.current = false;
      setTick((n) => n + 1);
    }, 200);
  }, []);

  useEffect(() => () => running?.scheduler.cancel(), [running]);

  const fail = (error: unknown) => {
    setProblem(describeProblem(error));
    setPhase({ kind: 'source' });
  };

  const showMedia = (media: M3u8Media) => {
    try {
      planDownload(media);
    } catch (error) {
      fail(error);
      return;
    }
    setRange({ from: 1, to: media.segments.length });
    setPhase({ kind: 'media', media });
  };

  const showPlaylist = (playlist: M3u8Master | M3u8Media) => {
    if (playlist.kind === 'master') setPhase({ kind: 'master', master: playlist, chosen: 0 });
    else showMedia(playlist);
  };

  const openUrl = async (address: string) => {
    setProblem(undefined);
    setPhase({ kind: 'loading' });
    try {
      showPlaylist(await readPlaylist(hls, address));
    } catch (error) {
      fail(error);
    }
  };

  const openFile = async (file: File) => {
    setProblem(undefined);
    setSourceName(file.name);
    try {
      const trimmed = base.trim();
      showPlaylist(parsePlaylist(await file.text(), trimmed || undefined));
    } catch (error) {
      fail(error);
    }
  };

  const start = async (media: M3u8Media) => {
    setProblem(undefined);
    let plan;
    let sink: Sink;
    try {
      plan = planDownload(media, { from: range.from - 1, to: range.to - 1 });
    } catch (error) {
      setProblem(describeProblem(error));
      return;
    }
    const format = settings.format;
    const name = outputName(sourceName, format);
    let base: Sink | undefined;
    let parts = false;
    let written = 0;
    let partCount = 0;
    try {
      // The desktop's ffmpeg makes the MP4 when main has one; it takes the TS as downloaded.
      if (format === 'mp4' && platform.hlsMp4) {
        const native = await nativeMp4Sink(platform.hlsMp4, name);
        if (native === null) return;
        base = native;
      }
      const remux = format === 'mp4' && !base;
      if (!base && canPickSaveFile()) {
        const handle = await pickSaveFile({ suggestedName: name, id: 'm3u8-downloader' });
        if (!handle) return;
        base = await fileSink(handle);
      }
      if (!base) {
        parts = true;
        const splitter = createPartSplitter(settings.partMb * 1024 * 1024, (part) => {
          partCount = part.number;
          // The last part keeps its single name; earlier ones are numbered.
          const fileName = part.last && part.number === 1 ? name : outputName(sourceName, format, part.number);
          return new Promise<void>((resolve) =>
            setPending({
              part,
              save: () => {
                downloadBlob(new Blob(part.chunks as BlobPart[], { type: format === 'mp4' ? 'video/mp4' : 'video/mp2t' }), fileName);
                setPending(undefined);
                resolve();
              },
            }),
          );
        });
        base = { write: (data) => splitter.write(data), close: () => splitter.close(), abort: async () => setPending(undefined) };
      }
      const out = base;
      const counting: Sink = {
        write: async (data) => {
          await out.write(data);
          written += data.length;
        },
        close: () => out.close(),
        abort: () => out.abort(),
      };
      sink = remux ? await remuxingSink(plan, counting) : counting;
    } catch (error) {
      await base?.abort().catch(() => undefined);
      setProblem(describeProblem(error));
      return;
    }
    const run = startRun({ hls, plan, parallel: settings.parallel, sink, onChange: redraw });
    setPhase({ kind: 'running', media, run, from: plan.from, parts });
    const outcome = await run.done.catch((error: unknown) => {
      setProblem(describeProblem(error));
      return 'error' as const;
    });
    const error = run.scheduler.progress().error;
    if (outcome === 'error' && error) setProblem(describeProblem(error));
    setPhase({ kind: 'ended', media, outcome, bytes: written, parts: parts ? partCount : 0 });
  };

  const problemText = (p: Problem) => t(`errors.${p.key}`, { ...p.params, interpolation: { escapeValue: false } });
  const loginLink = (
    <a
      href={loginAddress(
        { redirect: `${location.pathname}${location.search}`, name: document.title },
        i18n.language === 'en' ? 'en' : 'cn',
      )}
      data-testid="m3u8-login"
    >
      {t('login')}
    </a>
  );

  const sourcePanel = (
    <Panel className="m3u8__source">
      <Segmented
        value={mode}
        onChange={setMode}
        options={[
          { value: 'url', label: t('sourceUrl') },
          { value: 'file', label: t('sourceFile') },
        ]}
      />
      {mode === 'url' ? (
        <form
          className="m3u8__url"
          onSubmit={(event) => {
            event.preventDefault();
            const address = url.trim();
            if (!address) return;
            setSourceName(address);
            void openUrl(address);
          }}
        >
          <Input
            aria-label={t('urlLabel')}
            placeholder={t('urlPlaceholder')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            inputMode="url"
            data-testid="m3u8-url"
          />
          <Button type="primary" htmlType="submit" loading={phase.kind === 'loading'} data-testid="m3u8-open">
            {t('open')}
          </Button>
        </form>
      ) : (
        <div className="m3u8__file">
          <Field label={t('baseLabel')} htmlFor="m3u8-base">
            <Input
              id="m3u8-base"
              placeholder={t('basePlaceholder')}
              value={base}
              onChange={(event) => setBase(event.target.value)}
              inputMode="url"
            />
          </Field>
          <FileDropZone
            compact
            accept=".m3u8,.m3u,application/vnd.apple.mpegurl,application/x-mpegurl,audio/mpegurl"
            title={t('dropTitle')}
            hint={t('dropHint')}
            inputTestId="m3u8-file"
            onFiles={(files) => files[0] && void openFile(files[0])}
          />
        </div>
      )}
    </Panel>
  );

  const body = () => {
    switch (phase.kind) {
      case 'source':
      case 'loading':
        return null;
      case 'master':
        return (
          <Panel title={t('variants')} data-testid="m3u8-variants">
            <RadioGroup
              className="m3u8__variants"
              value={phase.chosen}
              onChange={(chosen) => setPhase({ ...phase, chosen })}
              options={phase.master.variants.map((variant, index) => ({ value: index, label: variantLabel(variant) }))}
            />
            <Button type="primary" data-testid="m3u8-open-variant" onClick={() => void openUrl(phase.master.variants[phase.chosen]!.uri)}>
              {t('openVariant')}
            </Button>
          </Panel>
        );
      case 'media':
        return mediaPanel(phase.media, () => void start(phase.media));
      case 'running':
        return (
          <RunPanel
            media={phase.media}
            run={phase.run}
            from={phase.from}
            hover={hover}
            setHover={setHover}
            pending={pending}
            problemText={problemText}
          />
        );
      case 'ended':
        return (
          <Panel>
            <Alert
              type={phase.outcome === 'complete' ? 'success' : phase.outcome === 'cancelled' ? 'info' : 'error'}
              showIcon
              data-testid="m3u8-ended"
              data-outcome={phase.outcome}
              message={
                phase.outcome === 'complete'
                  ? phase.parts > 1
                    ? t('completeParts', { size: formatFileSize(phase.bytes), parts: phase.parts })
                    : t('complete', { size: formatFileSize(phase.bytes) })
                  : phase.outcome === 'cancelled'
                    ? t('cancelled')
                    : problem
                      ? problemText(problem)
                      : t('cancelled')
              }
            />
            <Button onClick={() => setPhase({ kind: 'media', media: phase.media })} data-testid="m3u8-again">
              {t('again')}
            </Button>
          </Panel>
        );
    }
  };

  return (
    <div className="m3u8">
      <Alert
        type={hls.route === 'proxy' && !loggedIn ? 'warning' : 'info'}
        showIcon
        data-testid="m3u8-route"
        data-route={hls.route}
        message={hls.route === 'proxy' ? t('routeProxy') : t('routeDirect')}
        action={hls.route === 'proxy' && !loggedIn ? loginLink : undefined}
      />
      {phase.kind === 'running' ? null : sourcePanel}
      {problem && phase.kind !== 'ended' ? (
        <Alert
          type="error"
          showIcon
          data-testid="m3u8-error"
          data-code={problem.key}
          message={problemText(problem)}
          action={problem.key === 'login' ? loginLink : undefined}
        />
      ) : null}
      {body()}
    </div>
  );

  // A render function, not a component: a component defined in here would remount (and drop the
  // focus of its inputs) on every render.
  function mediaPanel(media: M3u8Media, onStart: () => void) {
    const current = range;
    const change = setRange;
    const starts = segmentStarts(media.segments.map((s) => s.duration));
    const count = media.segments.length;
    const valid = current.from >= 1 && current.to <= count && current.from <= current.to;
    const encrypted = media.segments.some((s) => s.key);
    return (
      <Panel data-testid="m3u8-media">
        <p className="m3u8__summary" data-testid="m3u8-summary">
          {t('summary', { count, duration: formatClock(starts[count]!) })}
          {encrypted ? <span className="m3u8__tag">{t('encrypted')}</span> : null}
        </p>
        <Field label={t('range')}>
          <div className="m3u8__range">
            <span>{t('rangeFrom')}</span>
            <NumberInput
              value={current.from}
              min={1}
              max={count}
              precision={0}
              onChange={(from) => change({ ...current, from: from ?? 1 })}
              data-testid="m3u8-from"
            />
            <span>{t('rangeTo')}</span>
            <NumberInput
              value={current.to}
              min={1}
              max={count}
              precision={0}
              onChange={(to) => change({ ...current, to: to ?? count })}
              data-testid="m3u8-to"
            />
            {valid ? (
              <span className="m3u8__times" data-testid="m3u8-range-times">
                {t('rangeTimes', {
                  from: formatClock(starts[current.from - 1]!),
                  to: formatClock(starts[current.to]!),
                  duration: formatClock(starts[current.to]! - starts[current.from - 1]!),
                })}
              </span>
            ) : null}
          </div>
        </Field>
        <div className="m3u8__options">
          <Field label={t('parallel')}>
            <NumberInput
              value={settings.parallel}
              min={1}
              max={MAX_PARALLEL}
              precision={0}
              onChange={(value) => value && settings.setParallel(value)}
              data-testid="m3u8-parallel"
            />
          </Field>
          <Field label={t('format')}>
            <Segmented
              value={settings.format}
              onChange={settings.setFormat}
              options={[
                { value: 'ts', label: t('formatTs') },
                { value: 'mp4', label: t('formatMp4') },
              ]}
              data-testid="m3u8-format"
            />
          </Field>
          {canPickSaveFile() ? null : (
            <Field label={t('partSize')} extra={t('partSizeHint')}>
              <NumberInput
                value={settings.partMb}
                min={1}
                max={4096}
                precision={0}
                onChange={(value) => value && settings.setPartMb(value)}
                data-testid="m3u8-part-size"
              />
            </Field>
          )}
        </div>
        <Button type="primary" disabled={!valid} onClick={onStart} data-testid="m3u8-start">
          {t('start')}
        </Button>
      </Panel>
    );
  }
}

function RunPanel({
  media,
  run,
  from,
  hover,
  setHover,
  pending,
  problemText,
}: {
  media: M3u8Media;
  run: Run;
  from: number;
  hover: number | undefined;
  setHover: (index: number | undefined) => void;
  pending: PendingPart | undefined;
  problemText: (problem: Problem) => string;
}) {
  const { t } = useTranslation('m3u8-downloader');
  const progress: RunProgress = run.scheduler.progress();
  const states: SegmentState[] = run.scheduler.states();
  const counts = countStates(states);
  const starts = segmentStarts(media.segments.map((s) => s.duration));
  const percent = progress.total > 0 ? Math.floor((progress.written / progress.total) * 100) : 0;
  const cellText = (index: number) => {
    const number = from + index + 1;
    const time = formatClock(starts[from + index]!);
    const error = run.scheduler.errorOf(index);
    if (states[index] === 'failed' && error) return t('cellError', { number, time, error: problemText(describeProblem(error)) });
    return t('cell', { number, time, state: t(`state.${states[index]!}`) });
  };
  const firstFailed = states.indexOf('failed');
  const shown = hover ?? (firstFailed >= 0 ? firstFailed : undefined);
  return (
    <Panel data-testid="m3u8-run" data-status={progress.status}>
      <Progress percent={percent} status={progress.failed > 0 ? 'exception' : progress.status === 'running' ? 'active' : 'normal'} />
      <p className="m3u8__stats" data-testid="m3u8-stats">
        <span>{t('stats', { done: progress.done, total: progress.total, size: formatFileSize(progress.bytes) })}</span>
        {progress.status === 'running' && progress.speed > 0 ? <span>{t('speed', { speed: formatFileSize(progress.speed) })}</span> : null}
        {progress.status === 'running' && progress.eta !== undefined ? <span>{t('eta', { eta: formatClock(progress.eta) })}</span> : null}
        {progress.status === 'paused' ? <span>{t('paused')}</span> : null}
      </p>
      <div className="m3u8__actions">
        {progress.status === 'paused' ? (
          <Button type="primary" onClick={() => run.scheduler.resume()} data-testid="m3u8-resume">
            {t('resume')}
          </Button>
        ) : (
          <Button onClick={() => run.scheduler.pause()} data-testid="m3u8-pause">
            {t('pause')}
          </Button>
        )}
        {progress.failed > 0 ? (
          <Button onClick={() => run.scheduler.retryFailed()} data-testid="m3u8-retry-failed">
            {t('retryFailed')}
          </Button>
        ) : null}
        <Button danger onClick={() => run.scheduler.cancel()} data-testid="m3u8-cancel">
          {t('cancel')}
        </Button>
      </div>
      {progress.status === 'stalled' ? <Alert type="warning" showIcon message={t('stalled')} data-testid="m3u8-stalled" /> : null}
      <ul className="m3u8__legend">
        {(['waiting', 'downloading', 'done', 'failed'] as const).map((state) => (
          <li key={state} className={`m3u8__legend-${state}`}>
            {t(`legend.${state}`, { count: counts[state] })}
          </li>
        ))}
      </ul>
      <SegmentGrid
        states={states}
        label={t('gridLabel')}
        onHover={setHover}
        onCell={(index) => {
          if (states[index] === 'failed') run.scheduler.retry(index);
        }}
      />
      <p className="m3u8__cell" data-testid="m3u8-cell" aria-live="polite">
        {shown !== undefined ? cellText(shown) : '\u00a0'}
      </p>
      {pending ? (
        <Alert
          type="info"
          showIcon
          data-testid="m3u8-part"
          message={
            pending.part.last
              ? t('partLastReady', { size: formatFileSize(pending.part.bytes) })
              : t('partReady', { number: pending.part.number, size: formatFileSize(pending.part.bytes) })
          }
          action={
            <Button type="primary" onClick={pending.save} data-testid="m3u8-save-part">
              {t('savePart', { number: pending.part.number })}
            </Button>
          }
        />
      ) : null}
    </Panel>
  );
}
