import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Button } from '@/components/ui/button';
import { FieldError, FieldLegend, FieldSet } from '@/components/ui/field';
import { moved } from '../lib/page-draft';

export type ItemFieldSpec<T> = {
  key: keyof T & string;
  label: string;
  max: number;
  multiline?: boolean;
  optional?: boolean;
};

type ItemListFieldProps<T extends Record<string, string>> = {
  /** Unique on the page, for the buttons' ids (the section's id). */
  idPrefix: string;
  legend: string;
  /** One item, in words ('Question'). */
  noun: string;
  items: readonly T[];
  fields: readonly ItemFieldSpec<T>[];
  blank: T;
  maxItems: number;
  /** `changed` is the item field's path ('0.question'), or the list's ('') for adds and moves. */
  onChange: (items: T[], changed: string) => void;
  /** The error at a path under the list ('0.question'), or the list's own (''). */
  errorOf: (path: string) => string | undefined;
  readOnly: boolean;
};

/** A list of short items (questions, testimonials): add, remove and reorder with buttons. */
export function ItemListField<T extends Record<string, string>>({
  idPrefix,
  legend,
  noun,
  items,
  fields,
  blank,
  maxItems,
  onChange,
  errorOf,
  readOnly,
}: ItemListFieldProps<T>) {
  const lower = noun.toLowerCase();
  const listError = errorOf('');
  return (
    <FieldSet>
      <FieldLegend className="mb-0">{legend}</FieldLegend>
      <ol className="grid gap-3">
        {items.map((item, index) => (
          // Items have no ids of their own; their fields are controlled, so the place is enough.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index} className="grid gap-3 rounded-md border bg-muted/30 p-3">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm font-medium">
                {noun} {index + 1}
              </span>
              {!readOnly && (
                <ItemMoveButtons
                  idPrefix={idPrefix}
                  noun={lower}
                  index={index}
                  count={items.length}
                  onMove={(to) => onChange(moved(items, index, to), '')}
                  onRemove={() =>
                    onChange(
                      items.filter((_, other) => other !== index),
                      '',
                    )
                  }
                />
              )}
            </div>
            {fields.map((field) => {
              const props = {
                label: field.label,
                optional: field.optional,
                value: item[field.key],
                readOnly,
                maxLength: field.max,
                error: errorOf(`${index}.${field.key}`),
                onChange: (event: { target: { value: string } }) =>
                  onChange(
                    items.map((other, place) =>
                      place === index ? { ...other, [field.key]: event.target.value } : other,
                    ),
                    `${index}.${field.key}`,
                  ),
              };
              return field.multiline ? (
                <TextareaField key={field.key} {...props} />
              ) : (
                <TextField key={field.key} {...props} />
              );
            })}
          </li>
        ))}
      </ol>
      {listError && <FieldError>{listError}</FieldError>}
      {!readOnly && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={items.length >= maxItems}
            onClick={() => onChange([...items, { ...blank }], '')}
          >
            <Plus aria-hidden="true" />
            Add {lower}
          </Button>
        </div>
      )}
    </FieldSet>
  );
}

type ItemMoveButtonsProps = {
  /** Unique on the page, for the buttons' ids. */
  idPrefix: string;
  /** One item, in words, lower case ('question', 'image'). */
  noun: string;
  index: number;
  count: number;
  /** Move this item to place `to`. */
  onMove: (to: number) => void;
  onRemove: () => void;
};

/**
 * Move up, Move down and Remove for one item of a list. After a move the focus follows the
 * item to its new place (on the same button, or the other one at either end), so the keyboard
 * can keep moving it.
 */
export function ItemMoveButtons({
  idPrefix,
  noun,
  index,
  count,
  onMove,
  onRemove,
}: ItemMoveButtonsProps) {
  const buttonId = (at: number, what: 'up' | 'down') => `${idPrefix}-${what}-${at}`;
  const move = (to: number, what: 'up' | 'down') => {
    onMove(to);
    requestAnimationFrame(() => {
      const target = document.getElementById(buttonId(to, what));
      if (target instanceof HTMLButtonElement && !target.disabled) target.focus();
      else document.getElementById(buttonId(to, what === 'up' ? 'down' : 'up'))?.focus();
    });
  };
  return (
    <span className="flex gap-1">
      <Button
        id={buttonId(index, 'up')}
        type="button"
        variant="ghost"
        size="icon"
        disabled={index === 0}
        onClick={() => move(index - 1, 'up')}
      >
        <ArrowUp aria-hidden="true" />
        <span className="sr-only">
          Move {noun} {index + 1} up
        </span>
      </Button>
      <Button
        id={buttonId(index, 'down')}
        type="button"
        variant="ghost"
        size="icon"
        disabled={index === count - 1}
        onClick={() => move(index + 1, 'down')}
      >
        <ArrowDown aria-hidden="true" />
        <span className="sr-only">
          Move {noun} {index + 1} down
        </span>
      </Button>
      <Button type="button" variant="ghost" size="icon" onClick={onRemove}>
        <Trash2 aria-hidden="true" />
        <span className="sr-only">
          Remove {noun} {index + 1}
        </span>
      </Button>
    </span>
  );
}
