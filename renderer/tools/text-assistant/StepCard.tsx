import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Switch, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Step } from './chain-schema';
import { StepOptions } from './StepOptions';
import type { StepReport } from './text-assistant.service';

interface StepCardProps {
  step: Step;
  /** 1-based place in the chain, as shown. */
  number: number;
  count: number;
  report: StepReport | undefined;
  /** This step is the one that failed the last run. */
  failed: boolean;
  onChange: (patch: Record<string, unknown>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}

const REPORTED = ['replace', 'filter', 'dedupe', 'removeBlank', 'extract'] as const;
type ReportedType = (typeof REPORTED)[number];
const isReported = (type: Step['type']): type is ReportedType => (REPORTED as readonly string[]).includes(type);

/** One step of the chain: grip, number, title, what it did last run, on/off, move, remove, then its options. */
export function StepCard({ step, number, count, report, failed, onChange, onMove, onRemove }: StepCardProps) {
  const { t } = useTranslation('text-assistant');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: step.id });
  const style = { transform: CSS.Translate.toString(transform), transition };
  const classes = ['ta-step', isDragging ? 'ta-step--dragging' : '', step.enabled ? '' : 'ta-step--off', failed ? 'ta-step--failed' : '']
    .filter(Boolean)
    .join(' ');

  return (
    <li ref={setNodeRef} style={style} className={classes} data-testid="chain-step" data-step-type={step.type}>
      <div className="ta-step__head">
        <Tooltip title={t('chain.reorder')}>
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="ta-step__grip"
            aria-label={t('chain.reorder')}
            {...attributes}
            {...listeners}
          >
            <HolderOutlined />
          </button>
        </Tooltip>
        <span className="ta-step__number">{number}</span>
        <span className="ta-step__title">{t(`steps.${step.type}.title`)}</span>
        {!step.enabled ? <Tag>{t('chain.disabled')}</Tag> : null}
        {step.enabled && report?.count !== undefined && isReported(step.type) ? (
          <Tag color="blue" data-testid="step-report">
            {t(`steps.${step.type}.report`, { count: report.count })}
          </Tag>
        ) : null}
        <span className="ta-step__actions">
          <Tooltip title={t('chain.enable')}>
            <Switch
              size="small"
              checked={step.enabled}
              onChange={(enabled) => onChange({ enabled })}
              aria-label={t('chain.enable')}
              data-testid="step-toggle"
            />
          </Tooltip>
          <Tooltip title={t('chain.moveUp')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowUpOutlined />}
              aria-label={t('chain.moveUp')}
              disabled={number === 1}
              onClick={() => onMove(number - 2)}
              data-testid="step-up"
            />
          </Tooltip>
          <Tooltip title={t('chain.moveDown')}>
            <Button
              size="small"
              type="text"
              icon={<ArrowDownOutlined />}
              aria-label={t('chain.moveDown')}
              disabled={number === count}
              onClick={() => onMove(number)}
              data-testid="step-down"
            />
          </Tooltip>
          <Tooltip title={t('chain.remove')}>
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('chain.remove')}
              onClick={onRemove}
              data-testid="step-remove"
            />
          </Tooltip>
        </span>
      </div>
      <div className="ta-step__body">
        <StepOptions step={step} onChange={onChange} />
      </div>
    </li>
  );
}
