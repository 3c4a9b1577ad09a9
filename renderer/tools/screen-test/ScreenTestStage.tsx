import { useCallback, useEffect, useRef, useState } from 'react';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cycle, SLIDES } from './screen-test.service';
import type { Slide, TestId } from './screen-test.service';
import { SlideView } from './SlideView';

/** How long the hint bar stays after the last pointer move or slide change. */
export const HINT_MS = 3000;

interface StageProps {
  test: TestId;
  refused: boolean;
  onLeave: () => void;
}

function useSlideName() {
  const { t } = useTranslation('screen-test');
  return (slide: Slide): string => {
    switch (slide.kind) {
      case 'solid':
        return t(`slides.${slide.name}`);
      case 'gradient':
        return slide.steps > 1
          ? t('slides.gradientSteps', { channel: t(`channels.${slide.channel}`), steps: slide.steps })
          : t('slides.gradient', { channel: t(`channels.${slide.channel}`) });
      case 'pattern':
        return t(`slides.${slide.pattern}`);
      case 'refresh':
        return t('slides.refresh');
      case 'ghosting':
        return t('slides.ghosting', { speed: slide.speed });
    }
  };
}

/** The full-screen stage: one slide, keys and taps to cycle, a hint bar that hides itself. */
export function ScreenTestStage({ test, refused, onLeave }: StageProps) {
  const { t } = useTranslation('screen-test');
  const slideName = useSlideName();
  const slides = SLIDES[test];
  const [index, setIndex] = useState(0);
  const [hint, setHint] = useState(true);
  const timer = useRef<number | undefined>(undefined);
  const slide = slides[index]!;

  const showHint = useCallback(() => {
    setHint(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setHint(false), HINT_MS);
  }, []);

  const step = useCallback((delta: number) => setIndex((current) => cycle(current, slides.length, delta)), [slides.length]);

  useEffect(() => {
    showHint();
  }, [index, showHint]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight' || event.key === ' ' || event.key === 'Enter' || event.key === 'PageDown') step(1);
      else if (event.key === 'ArrowLeft' || event.key === 'PageUp') step(-1);
      else if (event.key === 'Escape') onLeave();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, onLeave]);

  // Tap zones: the left third goes back, the rest forward — a phone has no arrow keys.
  const onTap = (event: MouseEvent<HTMLDivElement>) => {
    const { left, width } = event.currentTarget.getBoundingClientRect();
    step(event.clientX - left < width / 3 ? -1 : 1);
  };
  const button = (label: string, action: () => void, testId: string) => (
    <button
      type="button"
      className="screen-test__hint-button"
      data-testid={testId}
      onClick={(event) => {
        event.stopPropagation();
        action();
      }}
    >
      {label}
    </button>
  );

  return (
    <div
      className="screen-test__stage"
      role="dialog"
      aria-label={t(`tests.${test}.title`)}
      data-testid="screen-test-stage"
      data-slide={index}
      onClick={onTap}
      onPointerMove={showHint}
    >
      <SlideView slide={slide} />
      <div
        className={hint ? 'screen-test__hint' : 'screen-test__hint screen-test__hint--hidden'}
        data-testid="screen-test-hint"
        aria-hidden={!hint}
      >
        <div className="screen-test__hint-text">
          <strong>{t(`tests.${test}.title`)}</strong>
          <span>
            {slideName(slide)} · {t('position', { index: index + 1, count: slides.length })}
          </span>
          <span className="screen-test__keys">{t('keys')}</span>
          <span className="screen-test__taps">{t('tapKeys')}</span>
          {refused ? <span data-testid="screen-test-refused">{t('fullscreenRefused')}</span> : null}
        </div>
        <div className="screen-test__hint-actions">
          {slides.length > 1 ? button(t('previous'), () => step(-1), 'screen-test-previous') : null}
          {slides.length > 1 ? button(t('next'), () => step(1), 'screen-test-next') : null}
          {button(t('exit'), onLeave, 'screen-test-exit')}
        </div>
      </div>
    </div>
  );
}
