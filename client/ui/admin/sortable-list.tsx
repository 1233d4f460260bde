import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type ScreenReaderInstructions,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The drag transition of every reorderable list (300 ms). */
const dragTransition = { duration: 300, easing: 'ease' } as const;

export interface SortableListProps<T> {
  /** The items in their current order. */
  items: readonly T[];
  /** A stable, unique id per item (a path). */
  getId: (item: T) => string;
  /** How an item reads to a screen reader and on its drag handle ("Move {{name}}"). */
  getLabel: (item: T) => string;
  /** The content of a row; the drag handle is drawn before it. */
  renderItem: (item: T, index: number) => ReactNode;
  /** Called with the items in their new order once an item is dropped at a new place. */
  onReorder: (items: T[]) => void;
  /** The accessible name of the list. */
  label: string;
  /** While true (saving, or no right to reorder) the handles are disabled. */
  disabled?: boolean;
}

/**
 * A vertical list whose rows can be reordered by mouse, touch or keyboard (dnd-kit): the handle
 * button picks the row up with Space or Enter, the arrow keys move it, Space or Enter drops it and
 * Esc cancels. Announcements and instructions follow the interface language.
 */
export function SortableList<T>({
  items,
  getId,
  getLabel,
  renderItem,
  onReorder,
  label,
  disabled = false,
}: SortableListProps<T>) {
  const { t } = useTranslation();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(getId);
  const nameOf = (id: string | number) => {
    const index = ids.indexOf(String(id));
    return index >= 0 ? getLabel(items[index]!) : String(id);
  };
  const positionOf = (id: string | number) => ids.indexOf(String(id)) + 1;

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('sortable.pickedUp', { name: nameOf(active.id), position: positionOf(active.id), total: ids.length }),
    onDragOver: ({ active, over }) =>
      over
        ? t('sortable.movedTo', { name: nameOf(active.id), position: positionOf(over.id), total: ids.length })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('sortable.dropped', { name: nameOf(active.id), position: positionOf(over.id), total: ids.length })
        : undefined,
    onDragCancel: ({ active }) => t('sortable.cancelled', { name: nameOf(active.id) }),
  };
  const screenReaderInstructions: ScreenReaderInstructions = { draggable: t('sortable.instructions') };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove([...items], from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <ol className="sortable" aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={ids[index]} id={ids[index]!} label={getLabel(item)} disabled={disabled}>
              {renderItem(item, index)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  label,
  disabled,
  children,
}: {
  id: string;
  label: string;
  disabled: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, transition: dragTransition, disabled });
  return (
    <li
      ref={setNodeRef}
      className="sortable__item"
      data-dragging={isDragging ? true : undefined}
      data-id={id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="sortable__handle"
        {...attributes}
        {...listeners}
        aria-label={t('sortable.handle', { name: label })}
        disabled={disabled}
      >
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="7" cy="5" r="1.5" />
          <circle cx="13" cy="5" r="1.5" />
          <circle cx="7" cy="10" r="1.5" />
          <circle cx="13" cy="10" r="1.5" />
          <circle cx="7" cy="15" r="1.5" />
          <circle cx="13" cy="15" r="1.5" />
        </svg>
      </button>
      <div className="sortable__content">{children}</div>
    </li>
  );
}
