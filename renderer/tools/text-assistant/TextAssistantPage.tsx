import { startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_WAIT_MS } from '@/lib/format';
import { ChainPanel } from './ChainPanel';
import { InputPanel } from './InputPanel';
import { OutputPanel } from './OutputPanel';
import { StatsBar } from './StatsBar';
import type { StatsSource } from './StatsBar';
import { statsWithLineEnding } from './text-assistant.service';
import type { LineEnding } from './text-assistant.service';
import { useTextAssistantStore } from './text-assistant.store';
import { useDelayedFlag } from '@/lib/use-delayed-flag';
import { Alert } from '@/components/Alert';
import { useChainOutput, useDebounced, useStats } from './use-assistant';
import './text-assistant.css';

/** Option edits (typing a prefix, a pattern) rerun sooner than the main text: they are short. */
const STEP_WAIT_MS = 200;

/** /text/assistant: statistics and a chain of text operations, all run in Web Workers. */
export default function TextAssistantPage() {
  const { t } = useTranslation('text-assistant');
  const steps = useTextAssistantStore((state) => state.steps);
  // What the output and the statistics are computed from: typing waits for a pause (spec §9
  // debounce). The box itself keeps the text being typed; a keystroke changes no state here.
  const [settled, setSettled] = useState('');
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Typed text not yet settled: set once per burst of typing (React skips an update to the same value).
  const [pending, setPending] = useState(false);
  const [statsSource, setStatsSource] = useState<StatsSource>('input');
  // A Windows file's CRLF, which the text box cannot keep: given back in the copies and downloads.
  const [lineEnding, setLineEnding] = useState<LineEnding>('lf');

  useEffect(() => () => clearTimeout(typing.current), []);
  // Both as transitions: React renders them in slices between keystrokes instead of inside the
  // keystroke's own task (an input event's update is otherwise rendered at once, all of it).
  const type = useCallback((text: string) => {
    clearTimeout(typing.current);
    startTransition(() => setPending(true));
    typing.current = setTimeout(() => {
      startTransition(() => {
        setSettled(text);
        setPending(false);
      });
    }, DEFAULT_WAIT_MS);
  }, []);

  const settledSteps = useDebounced(steps, STEP_WAIT_MS);
  const { outcome, running } = useChainOutput(settled, settledSteps);
  const outputText = outcome?.ok ? outcome.value.text : undefined;
  const inputStats = useStats(settled, 'input');
  const outputStats = useStats(statsSource === 'output' ? outputText : undefined, 'output');
  const shown = statsSource === 'input' ? inputStats : outputStats;
  const counting = useDelayedFlag(shown.counting);
  const busy = useDelayedFlag(running);
  // The result on screen is not the current text's or chain's (typing or an edit still waits for its
  // pause, or the run is going): copy and download wait rather than hand it out.
  const stale = running || pending || steps !== settledSteps;

  const reports = useMemo(() => new Map((outcome?.ok ? outcome.value.reports : []).map((report) => [report.id, report])), [outcome]);
  const failedStep = outcome && !outcome.ok && 'stepIndex' in outcome ? outcome.stepIndex : undefined;

  const replace = useCallback((text: string) => {
    clearTimeout(typing.current);
    setSettled(text);
    setPending(false);
  }, []);

  return (
    <div className="ta-page">
      <Alert type="info" showIcon message={t('intro')} />
      <div className="ta-layout">
        <div className="ta-area-input">
          <InputPanel onType={type} onReplace={replace} lineEnding={lineEnding} onLineEnding={setLineEnding} />
          <StatsBar
            stats={statsWithLineEnding(shown.stats, lineEnding)}
            counting={counting}
            source={statsSource}
            onSource={setStatsSource}
          />
        </div>
        <div className="ta-area-chain">
          <ChainPanel reports={reports} failedStep={failedStep} />
        </div>
        <div className="ta-area-output">
          <OutputPanel
            outcome={outcome}
            running={busy}
            stale={stale}
            hasSteps={steps.some((step) => step.enabled)}
            lineEnding={lineEnding}
          />
        </div>
      </div>
    </div>
  );
}
