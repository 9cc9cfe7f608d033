import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 300;

type UrlSearchBoxProps = {
  /** The search in the URL. */
  value: string;
  /** Puts a new search in the URL (trimmed). */
  onSearch: (search: string) => void;
  /** The box's accessible name ('Search customers'). */
  label: string;
  placeholder: string;
  className?: string;
};

/**
 * A list's search box whose search lives in the URL. What is typed is searched after a pause
 * (or at once on Enter); going back or forward puts the URL's search in the box.
 */
export function UrlSearchBox({
  value,
  onSearch,
  label,
  placeholder,
  className,
}: UrlSearchBoxProps) {
  const [draft, setDraft] = useState(value);
  // The URL's search the box last agreed with: when the URL changes to anything else (back,
  // a link), the box takes the URL's value; a search the box sent itself changes nothing.
  const [agreedValue, setAgreedValue] = useState(value);
  if (value !== agreedValue) {
    setAgreedValue(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function search(text: string) {
    clearTimeout(timer.current);
    timer.current = undefined;
    const trimmed = text.trim();
    if (trimmed === value) return;
    setAgreedValue(trimmed);
    onSearch(trimmed);
  }

  function change(text: string) {
    setDraft(text);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => search(text), SEARCH_DEBOUNCE_MS);
  }

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to jsdom and to Safari before 17.
    <form
      role="search"
      className={cn('relative w-full sm:max-w-sm', className)}
      onSubmit={(event) => {
        event.preventDefault();
        search(draft);
      }}
    >
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={draft}
        onChange={(event) => change(event.target.value)}
        // Leaving the box (clicking a result, say) searches at once: a search still waiting on
        // its pause must not land after the click's own navigation and undo it.
        onBlur={() => {
          if (timer.current !== undefined) search(draft);
        }}
        className="pr-9 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {draft !== '' && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            search('');
          }}
          className="absolute top-1/2 right-2 grid size-6 -translate-y-1/2 place-items-center rounded-sm text-muted-foreground hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <X aria-hidden="true" className="size-4" />
          <span className="sr-only">Clear search</span>
        </button>
      )}
    </form>
  );
}
