import { StopOutlined } from '@ant-design/icons';
import { Button, Progress } from 'antd';
import { useEffect, useState } from 'react';
import type { JobCounters } from './cutmerge-jobs';
import { Text } from '@/components/Text';

export interface ProgressLine {
  readonly key: string;
  readonly label: string;
  /** Reads the current fraction (0…1) and optional text from the job's counters. */
  readonly read: (counters: JobCounters) => { fraction: number; text?: string };
}

/** Spec §9 progress throttle: the counters are sampled every 200 ms instead of rendering per chunk. */
const SAMPLE_MS = 200;

/** Progress bars of a running job, sampled from its live counters, with a cancel button. */
export function JobProgress({
  counters,
  lines,
  onCancel,
  cancelLabel,
}: {
  counters: JobCounters;
  lines: readonly ProgressLine[];
  onCancel: () => void;
  cancelLabel: string;
}) {
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((tick) => tick + 1), SAMPLE_MS);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="cm-progress" data-testid="job-progress">
      {lines.map((line) => {
        const { fraction, text } = line.read(counters);
        return (
          <div key={line.key} className="cm-progress__line" data-testid={`progress-${line.key}`}>
            <Text type="secondary" className="cm-progress__label">
              {line.label}
            </Text>
            <Progress percent={Math.floor(fraction * 100)} size="small" status="active" className="cm-progress__bar" />
            {text ? (
              <Text type="secondary" className="cm-help">
                {text}
              </Text>
            ) : null}
          </div>
        );
      })}
      <Button icon={<StopOutlined />} onClick={onCancel} data-testid="job-cancel">
        {cancelLabel}
      </Button>
    </div>
  );
}
