import { WEBSITE_SECTION_LABELS, type WebsiteSection } from '@tentpole/domain';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { SectionFields } from './section-fields';

type SectionListProps = {
  sections: readonly WebsiteSection[];
  onChange: (id: string, patch: Partial<WebsiteSection>, field: string) => void;
  /** `focus`: the button pressed, to keep the keyboard on it; none for a drag. */
  onMove: (id: string, to: number, focus?: 'up' | 'down') => void;
  onRemove: (section: WebsiteSection) => void;
  /** The error at a path under a section ('heading'), or the section's own (''). */
  errorOf: (id: string, field: string) => string | undefined;
  readOnly: boolean;
};

export const sectionMoveButtonId = (id: string, direction: 'up' | 'down') =>
  `section-move-${direction}-${id}`;

/** The sections' name for buttons and announcements: 'Text 2' for the page's second text. */
export function sectionNames(sections: readonly WebsiteSection[]): Map<string, string> {
  const counts = new Map<string, number>();
  for (const section of sections) counts.set(section.type, (counts.get(section.type) ?? 0) + 1);
  const seen = new Map<string, number>();
  return new Map(
    sections.map((section) => {
      const label = WEBSITE_SECTION_LABELS[section.type];
      const nth = (seen.get(section.type) ?? 0) + 1;
      seen.set(section.type, nth);
      return [section.id, (counts.get(section.type) ?? 0) > 1 ? `${label} ${nth}` : label];
    }),
  );
}

/**
 * The page's sections as cards, each with its fields. Reorder by dragging a card's handle onto
 * another card, or with Move up / Move down (the keyboard's way).
 */
export function SectionList({
  sections,
  onChange,
  onMove,
  onRemove,
  errorOf,
  readOnly,
}: SectionListProps) {
  const [dragging, setDragging] = useState<string | null>(null);
  const names = sectionNames(sections);

  return (
    <ol aria-label="Sections" className="grid gap-4">
      {sections.map((section, index) => {
        const name = names.get(section.id) ?? WEBSITE_SECTION_LABELS[section.type];
        const droppable = !readOnly && dragging !== null && dragging !== section.id;
        const headingId = `section-${section.id}-name`;
        return (
          <li
            key={section.id}
            aria-labelledby={headingId}
            data-section-id={section.id}
            onDragOver={(event) => {
              if (droppable) event.preventDefault();
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (droppable && dragging) onMove(dragging, index);
              setDragging(null);
            }}
            className={cn(
              'grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-xs',
              dragging === section.id && 'opacity-50',
              droppable && 'border-dashed border-primary',
            )}
          >
            <div className="flex flex-wrap items-center gap-2">
              {/* biome-ignore lint/a11y/noStaticElementInteractions: dragging is the pointer's shortcut; the keyboard's way is the card's Move up / Move down buttons. */}
              <div
                draggable={!readOnly}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', section.id);
                  const card = event.currentTarget.closest('li');
                  if (card) event.dataTransfer.setDragImage(card, 16, 16);
                  setDragging(section.id);
                }}
                onDragEnd={() => setDragging(null)}
                className={cn('flex min-w-0 flex-1 items-center gap-2', !readOnly && 'cursor-grab')}
              >
                {!readOnly && (
                  <GripVertical
                    aria-hidden="true"
                    className="size-4 shrink-0 text-muted-foreground"
                  />
                )}
                <h3 id={headingId} className="min-w-0 font-semibold wrap-anywhere">
                  {name}
                </h3>
              </div>
              {!readOnly && (
                <span className="flex gap-1">
                  <Button
                    id={sectionMoveButtonId(section.id, 'up')}
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === 0}
                    onClick={() => onMove(section.id, index - 1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                    <span className="sr-only">Move {name} up</span>
                  </Button>
                  <Button
                    id={sectionMoveButtonId(section.id, 'down')}
                    type="button"
                    variant="ghost"
                    size="icon"
                    disabled={index === sections.length - 1}
                    onClick={() => onMove(section.id, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                    <span className="sr-only">Move {name} down</span>
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    onClick={() => onRemove(section)}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="sr-only">Remove {name}</span>
                  </Button>
                </span>
              )}
            </div>
            <SectionFields
              section={section}
              onChange={(patch, field) => onChange(section.id, patch, field)}
              errorOf={(field) => errorOf(section.id, field)}
              readOnly={readOnly}
            />
          </li>
        );
      })}
    </ol>
  );
}
