import { Alert } from 'antd';
import { useEffect, useMemo, useState } from 'react';
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
import { useChainOutput, useDebounced, useStats } from './use-assistant';
import './text-assistant.css';

/** Option edits (typing a prefix, a pattern) rerun sooner than the main text: they are short. */
const STEP_WAIT_MS = 200;

/** /text/assistant: statistics and a chain of text operations, all run in Web Workers. */
export default function TextAssistantPage() {
  const { t } = useTranslation('text-assistant');
  const steps = useTextAssistantStore((state) => state.steps);
  const [input, setInput] = useState('');
  // What the output was computed from: typing waits for a pause (spec §9 debounce).
  const [settled, setSettled] = useState('');
  const [statsSource, setStatsSource] = useState<StatsSource>('input');
  // A Windows file's CRLF, which the text box cannot keep: given back in the copies and downloads.
  const [lineEnding, setLineEnding] = useState<LineEnding>('lf');

  useEffect(() => {
    if (input === settled) return undefined;
    const timer = setTimeout(() => setSettled(input), DEFAULT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [input, settled]);

  const settledSteps = useDebounced(steps, STEP_WAIT_MS);
  const { outcome, running } = useChainOutput(settled, settledSteps);
  const outputText = outcome?.ok ? outcome.value.text : undefined;
  const inputStats = useStats(settled, 'input');
  const outputStats = useStats(statsSource === 'output' ? outputText : undefined, 'output');
  const shown = statsSource === 'input' ? inputStats : outputStats;
  const counting = useDelayedFlag(shown.counting);
  const busy = useDelayedFlag(running);

  const reports = useMemo(() => new Map((outcome?.ok ? outcome.value.reports : []).map((report) => [report.id, report])), [outcome]);
  const failedStep = outcome && !outcome.ok && outcome.error !== 'timeout' ? outcome.stepIndex : undefined;

  const replace = (text: string) => {
    setInput(text);
    setSettled(text);
  };

  return (
    <div className="ta-page">
      <Alert type="info" showIcon message={t('intro')} />
      <div className="ta-layout">
        <div className="ta-area-input">
          <InputPanel value={input} onType={setInput} onReplace={replace} lineEnding={lineEnding} onLineEnding={setLineEnding} />
          <StatsBar stats={statsWithLineEnding(shown.stats, lineEnding)} counting={counting} source={statsSource} onSource={setStatsSource} />
        </div>
        <div className="ta-area-chain">
          <ChainPanel reports={reports} failedStep={failedStep} />
        </div>
        <div className="ta-area-output">
          <OutputPanel outcome={outcome} running={busy} hasSteps={steps.some((step) => step.enabled)} lineEnding={lineEnding} />
        </div>
      </div>
    </div>
  );
}
