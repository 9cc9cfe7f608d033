import { RotateCcw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SearchField } from '@/components/search-field';
import { SegmentedControl, type SegmentedControlOption } from '@/components/segmented-control';
import { Button } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/cn';

/** How long typing pauses before a search runs. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

type ListToolbarProps<Filter extends string> = {
  /** Names the filter buttons for screen readers ('Show calls'). */
  legend: string;
  options: readonly SegmentedControlOption<Filter>[];
  /** The list's filter: one of the options, or what was searched for. */
  filter: string;
  /** The option that shows everything; searching nothing and Reset go back to it. */
  allFilter: Filter;
  onFilterChange: (filter: string) => void;
  searchLabel: string;
  searchPlaceholder: string;
  /** `compact` for a narrow panel: smaller buttons on one line, Reset as an icon. */
  density?: 'default' | 'compact';
  /**
   * How a filter is chosen: a row of buttons, or a select where there are more filters than a
   * narrow panel has room for buttons.
   */
  chooser?: 'buttons' | 'select';
  className?: string;
};

/**
 * A list's toolbar: filter buttons, a search (run after a pause; it replaces the filter), and
 * Reset when either is set. A list's filter is a single value, so choosing a filter clears the
 * search and searching clears the filter.
 */
export function ListToolbar<Filter extends string>({
  legend,
  options,
  filter,
  allFilter,
  onFilterChange,
  searchLabel,
  searchPlaceholder,
  density = 'default',
  chooser = 'buttons',
  className,
}: ListToolbarProps<Filter>) {
  const isOption = options.some((option) => option.value === filter);
  const [search, setSearch] = useState(isOption ? '' : filter);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const compact = density === 'compact';

  function searchFor(text: string) {
    setSearch(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = undefined;
      onFilterChange(text.trim() || allFilter);
    }, LIST_SEARCH_DEBOUNCE_MS);
  }

  /** Leaving the box searches at once: a search still waiting must not undo a click's navigation. */
  function flush() {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    onFilterChange(search.trim() || allFilter);
  }

  function choose(next: string) {
    clearTimeout(timer.current);
    timer.current = undefined;
    setSearch('');
    onFilterChange(next);
  }

  return (
    <div
      data-slot="list-toolbar"
      className={cn(
        compact ? 'flex items-center gap-2' : 'flex flex-wrap items-center gap-3',
        className,
      )}
    >
      {chooser === 'select' ? (
        <div className="w-32 shrink-0">
          <NativeSelect
            aria-label={legend}
            value={isOption ? filter : ''}
            onChange={(event) => choose(event.target.value)}
          >
            {!isOption && (
              <option value="" disabled>
                Search
              </option>
            )}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {typeof option.label === 'string' ? option.label : option.value}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : (
        <SegmentedControl
          legend={legend}
          options={options}
          value={filter}
          onChange={choose}
          size={compact ? 'sm' : 'default'}
          className={compact ? 'shrink-0' : 'max-w-full min-w-0 overflow-x-auto'}
        />
      )}
      <SearchField
        aria-label={searchLabel}
        placeholder={searchPlaceholder}
        value={search}
        onChange={(event) => searchFor(event.target.value)}
        onBlur={flush}
        className={compact ? 'min-w-0 flex-1' : 'min-w-48 flex-1'}
      />
      {(filter !== allFilter || search !== '') && (
        <Button
          type="button"
          variant="ghost"
          size={compact ? 'icon' : 'sm'}
          onClick={() => choose(allFilter)}
          aria-label={compact ? 'Reset' : undefined}
        >
          <RotateCcw aria-hidden="true" />
          {!compact && 'Reset'}
        </Button>
      )}
    </div>
  );
}
