import { ClearOutlined, PlusOutlined } from '@ant-design/icons';
import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Popconfirm, Space } from 'antd';
import type { ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { MAX_STEPS, STEP_GROUPS } from './chain-schema';
import type { StepType } from './chain-schema';
import { PresetMenu } from './PresetMenu';
import { StepCard } from './StepCard';
import type { StepReport } from './text-assistant.service';
import { useTextAssistantStore } from './text-assistant.store';
import { Paragraph, Text } from '@/components/Text';

interface ChainPanelProps {
  /** What each step did in the last successful run, by step id. */
  reports: ReadonlyMap<string, StepReport>;
  /** Index of the step the last run failed at, if any. */
  failedStep: number | undefined;
}

/** The operations chain: add, configure, toggle, reorder (drag or buttons), remove; save and load named chains. */
export function ChainPanel({ reports, failedStep }: ChainPanelProps) {
  const { t } = useTranslation('text-assistant');
  const { steps, add, update, remove, move, clear } = useTextAssistantStore();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      steps.findIndex((step) => step.id === active.id),
      steps.findIndex((step) => step.id === over.id),
    );
  };
  const full = steps.length >= MAX_STEPS;

  return (
    <section className="ta-chain" aria-label={t('chain.title')}>
      <div className="ta-head">
        <Text strong>{t('chain.title')}</Text>
        <Space wrap size={4}>
          <PresetMenu />
          <Popconfirm
            title={t('chain.clearConfirm')}
            okText={t('chain.confirm')}
            cancelText={t('chain.cancel')}
            okButtonProps={{ danger: true, 'data-testid': 'chain-clear-confirm' } as ButtonProps}
            onConfirm={clear}
            disabled={steps.length === 0}
          >
            <Button size="small" icon={<ClearOutlined />} disabled={steps.length === 0} data-testid="chain-clear">
              {t('chain.clear')}
            </Button>
          </Popconfirm>
        </Space>
      </div>
      {steps.length === 0 ? (
        <Paragraph type="secondary" className="ta-chain__empty" data-testid="chain-empty">
          {t('chain.empty')}
        </Paragraph>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: t('chain.reorder') } }}
        >
          <SortableContext items={steps.map((step) => step.id)} strategy={verticalListSortingStrategy}>
            <ol className="ta-chain__list" data-testid="chain-list">
              {steps.map((step, index) => (
                <StepCard
                  key={step.id}
                  step={step}
                  number={index + 1}
                  count={steps.length}
                  report={reports.get(step.id)}
                  failed={failedStep === index}
                  onChange={(patch) => update(step.id, patch)}
                  onMove={(to) => move(index, to)}
                  onRemove={() => remove(step.id)}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
      <div className="ta-palette" aria-label={t('chain.add')} data-testid="add-step">
        <Text type="secondary" className="ta-hint">
          {full ? t('chain.limit', { count: MAX_STEPS }) : t('chain.add')}
        </Text>
        {(Object.entries(STEP_GROUPS) as [keyof typeof STEP_GROUPS, readonly StepType[]][]).map(([group, types]) => (
          <div key={group} className="ta-palette__group">
            <span className="ta-palette__label">{t(`chain.groups.${group}`)}</span>
            {types.map((type) => (
              <Button key={type} size="small" icon={<PlusOutlined />} disabled={full} onClick={() => add(type)} data-testid={`add-${type}`}>
                {t(`steps.${type}.title`)}
              </Button>
            ))}
          </div>
        ))}
      </div>
    </section>
  );
}
