import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useTranslation } from 'react-i18next';
import { StepCard } from './StepCard';
import type { StepReport } from './text-assistant.service';
import { useTextAssistantStore } from './text-assistant.store';

export interface StepListProps {
  /** What each step did in the last successful run, by step id. */
  reports: ReadonlyMap<string, StepReport>;
  /** Index of the step the last run failed at, if any. */
  failedStep: number | undefined;
}

/**
 * The chain's steps, sortable by drag or keyboard. A chain starts empty, so this list (the sortable
 * library and the step options' antd controls) is not part of the page's first view and loads apart
 * from it (ChainPanel).
 */
export function StepList({ reports, failedStep }: StepListProps) {
  const { t } = useTranslation('text-assistant');
  const { steps, update, remove, move } = useTextAssistantStore();
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

  return (
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
  );
}
