import {
  WEBSITE_LIMITS,
  WEBSITE_SECTION_LABELS,
  WEBSITE_SECTION_TYPES,
  type WebsiteSectionType,
} from '@tentpole/domain';
import { ChevronDown, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

/** "Add section": a menu of every kind of section; the new one goes at the end of the page. */
export function AddSectionMenu({
  count,
  onAdd,
}: {
  /** How many sections the page has (a page has at most WEBSITE_LIMITS.sectionsPerPage). */
  count: number;
  onAdd: (type: WebsiteSectionType) => void;
}) {
  const full = count >= WEBSITE_LIMITS.sectionsPerPage;
  return (
    <div className="grid gap-1">
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button type="button" variant="outline" disabled={full} className="justify-self-start">
            <Plus aria-hidden="true" />
            Add section
            <ChevronDown aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent
          align="start"
          // The new section's first field takes the keyboard, not the menu's button.
          onCloseAutoFocus={(event) => event.preventDefault()}
        >
          {WEBSITE_SECTION_TYPES.map((type) => (
            <DropdownMenuItem key={type} onSelect={() => onAdd(type)}>
              {WEBSITE_SECTION_LABELS[type]}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
      {full && (
        <p className="text-xs text-muted-foreground">
          A page has at most {WEBSITE_LIMITS.sectionsPerPage} sections.
        </p>
      )}
    </div>
  );
}
