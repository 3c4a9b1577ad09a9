import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, UniqueIdentifier } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCard } from './ImageCard';
import { shownBounds } from './subtitle-stitch.service';
import { useSubtitleStitchStore } from './subtitle-stitch.store';

/** The screenshots in stitching order; drag by the grip (or keyboard) to reorder. */
export function ImageList() {
  const { t } = useTranslation('subtitle-stitch');
  const { items, perImage, shared, move, remove, setBounds } = useSubtitleStitchStore();
  // A small distance before a drag starts, so a click on the grip is still a click.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) move(String(active.id), String(over.id));
  };

  // Spoken by screen readers while a card is moved with the keyboard: names and places, not internal ids.
  const name = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.name ?? '';
  const position = (id: UniqueIdentifier) => items.findIndex((item) => item.id === id) + 1;
  // dnd-kit reports "over" right after the pick-up and on every move: only a new place is worth saying.
  const spokenOver = useRef<UniqueIdentifier | null>(null);
  const announcements: Announcements = {
    onDragStart: ({ active }) => {
      spokenOver.current = active.id;
      return t('list.announce.start', { name: name(active.id), position: position(active.id), count: items.length });
    },
    onDragOver: ({ active, over }) => {
      if ((over?.id ?? null) === spokenOver.current) return undefined;
      spokenOver.current = over?.id ?? null;
      return over
        ? t('list.announce.over', { name: name(active.id), position: position(over.id) })
        : t('list.announce.outside', { name: name(active.id) });
    },
    onDragEnd: ({ active, over }) =>
      over
        ? t('list.announce.end', { name: name(active.id), position: position(over.id) })
        : t('list.announce.cancel', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('list.announce.cancel', { name: name(active.id) }),
  };

  const ready = items.filter((item) => item.status === 'ready');
  const firstWidth = ready[0]?.size?.width;
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('list.reorder') } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="ss-list" data-testid="stitch-list">
          {items.map((item, index) => {
            // Place among the decoded screenshots: the first of them is the one kept whole.
            const position = ready.indexOf(item);
            return (
              <ImageCard
                key={item.id}
                item={item}
                number={index + 1}
                whole={position === 0}
                bounds={shownBounds(position, perImage, shared, item.bounds)}
                scaled={position > 0 && item.size?.width !== firstWidth}
                onBounds={(bounds) => setBounds(item.id, bounds)}
                onRemove={() => remove(item.id)}
              />
            );
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
