import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platform } from '@/platform';
import { Field } from '@/components/Field';
import { NumberInput } from '@/components/NumberInput';
import { Panel } from '@/components/Panel';
import { Segmented } from '@/components/Segmented';
import { Paragraph } from '@/components/Text';
import { ScreenKeeper, formatCountdown } from './screen-on.service';
import type { KeeperEnv, KeeperState, KeeperStatus } from './screen-on.service';
import { MAX_MINUTES, TIMER_PRESETS, timerMinutes, useScreenOnSettings } from './screen-on.store';
import type { TimerChoice } from './screen-on.store';
import mp4Url from './keep-awake.mp4?url';
import webmUrl from './keep-awake.webm?url';
import './screen-on.css';

function browserEnv(video: HTMLVideoElement): KeeperEnv {
  return {
    native: platform.screenAwake,
    wakeLock: 'wakeLock' in navigator ? navigator.wakeLock : undefined,
    video: { play: () => video.play(), pause: () => video.pause() },
    isVisible: () => document.visibilityState === 'visible',
    onVisibilityChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    now: () => Date.now(),
    setTimer: (callback, ms) => window.setTimeout(callback, ms),
    clearTimer: (handle) => window.clearTimeout(handle as number),
  };
}

type StatusKey = `status.${'off' | 'acquiring' | 'onDesktop' | 'onWakeLock' | 'onVideo' | 'released' | 'denied' | 'unsupported' | 'ended'}`;

const statusKey = (status: KeeperStatus): StatusKey => {
  switch (status.kind) {
    case 'off':
      return status.ended ? 'status.ended' : 'status.off';
    case 'on':
      return status.via === 'desktop' ? 'status.onDesktop' : status.via === 'wakeLock' ? 'status.onWakeLock' : 'status.onVideo';
    case 'failed':
      return `status.${status.reason}`;
    default:
      return `status.${status.kind}`;
  }
};

/**
 * The time left, ticking each second (the keeper's own timer does the turning off). Keyed by
 * `expiresAt`, so each timer mounts a fresh one whose first reading is taken when it starts.
 */
function Countdown({ expiresAt, label }: { expiresAt: number; label: (time: string) => string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const every = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(every);
  }, []);
  return (
    <p className="scron__countdown" data-testid="screen-on-countdown">
      {label(formatCountdown(expiresAt - now))}
    </p>
  );
}

/** /screen/on: one big switch that keeps the screen awake, with an optional timer. */
export default function ScreenOnPage() {
  const { t } = useTranslation('screen-on');
  const videoRef = useRef<HTMLVideoElement>(null);
  const keeperRef = useRef<ScreenKeeper | undefined>(undefined);
  const [state, setState] = useState<KeeperState>({ status: { kind: 'off' } });
  const { choice, customMinutes, setChoice, setCustomMinutes } = useScreenOnSettings();

  useEffect(() => {
    const keeper = new ScreenKeeper(browserEnv(videoRef.current!));
    keeperRef.current = keeper;
    const unsubscribe = keeper.subscribe(setState);
    return () => {
      unsubscribe();
      keeper.dispose();
    };
  }, []);

  const { status } = state;
  const active = status.kind !== 'off' && status.kind !== 'failed';
  const toggle = () => {
    const keeper = keeperRef.current;
    if (!keeper) return;
    void (active ? keeper.stop() : keeper.start(timerMinutes({ choice, customMinutes })));
  };
  const options: { value: TimerChoice; label: string }[] = [
    { value: 'none', label: t('timer.none') },
    ...TIMER_PRESETS.map((minutes) => ({ value: minutes, label: t('timer.minutes', { count: minutes }) })),
    { value: 'custom', label: t('timer.custom') },
  ];
  const tone = status.kind === 'on' ? 'on' : status.kind === 'failed' || status.kind === 'released' ? 'warn' : 'off';

  return (
    <div className="scron">
      <Paragraph type="secondary">{t('intro')}</Paragraph>
      <Panel>
        <div className="scron__main">
          <button
            type="button"
            className={`scron__switch scron__switch--${tone}`}
            aria-pressed={active}
            onClick={toggle}
            data-testid="screen-on-toggle"
          >
            <span className="scron__bulb" aria-hidden="true" />
            {active ? t('turnOff') : t('turnOn')}
          </button>
          <p className={`scron__status scron__status--${tone}`} role="status" data-testid="screen-on-status" data-state={status.kind}>
            {t(statusKey(status))}
          </p>
          {state.expiresAt !== undefined && (
            <Countdown key={state.expiresAt} expiresAt={state.expiresAt} label={(time) => t('timer.countdown', { time })} />
          )}
        </div>
      </Panel>
      <Panel title={t('timer.label')}>
        <Segmented
          value={choice}
          onChange={setChoice}
          options={options}
          disabled={active}
          className="scron__timer"
          data-testid="screen-on-timer"
        />
        {choice === 'custom' && (
          <Field label={t('timer.customLabel')} className="scron__custom">
            <NumberInput
              aria-label={t('timer.customLabel')}
              value={customMinutes}
              onChange={(next) => {
                if (next !== null) setCustomMinutes(Math.min(MAX_MINUTES, Math.max(1, Math.round(next))));
              }}
              min={1}
              max={MAX_MINUTES}
              precision={0}
              disabled={active}
            />
          </Field>
        )}
      </Panel>
      {/* Where there is no Wake Lock API a playing video keeps most phones awake; it must be in the
          page (not display:none) and inline for iOS to play it. */}
      <video ref={videoRef} className="scron__video" muted loop playsInline aria-hidden="true" preload="none">
        <source src={mp4Url} type="video/mp4" />
        <source src={webmUrl} type="video/webm" />
      </video>
    </div>
  );
}
