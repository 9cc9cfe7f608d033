import { WEBSITE_LIMITS } from '@tentpole/domain';
import { ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import type { PageDraft } from '../lib/page-draft';

type Field = 'title' | 'slug' | 'seoTitle' | 'seoDescription';

type PageSettingsFieldsProps = {
  draft: PageDraft;
  isHome: boolean;
  /** The store's address, to show the page's full address under its own; null without one. */
  storePath: string | null;
  onChange: (field: Field, value: string) => void;
  errorOf: (field: Field) => string | undefined;
  readOnly: boolean;
};

const count = (value: string, max: number) => `${value.length} of ${max} characters`;

/** The page's title, address and what search engines show for it. */
export function PageSettingsFields({
  draft,
  isHome,
  storePath,
  onChange,
  errorOf,
  readOnly,
}: PageSettingsFieldsProps) {
  // The search texts are optional: folded away unless written or refused.
  const [searchOpen, setSearchOpen] = useState(
    draft.seoTitle !== '' || draft.seoDescription !== '',
  );
  const searchRefused = Boolean(errorOf('seoTitle') || errorOf('seoDescription'));
  return (
    <section
      aria-labelledby="page-settings-heading"
      className="grid min-w-0 gap-4 rounded-xl border bg-card p-4 shadow-xs"
    >
      <h2 id="page-settings-heading" className="text-lg font-semibold">
        Page
      </h2>
      <TextField
        label="Title"
        value={draft.title}
        readOnly={readOnly}
        maxLength={WEBSITE_LIMITS.pageTitle}
        description="In the store’s menu and at the top of the page."
        error={errorOf('title')}
        onChange={(event) => onChange('title', event.target.value)}
      />
      {!isHome && (
        <TextField
          label="Address"
          value={draft.slug}
          readOnly={readOnly}
          spellCheck={false}
          autoComplete="off"
          description={
            <span className="wrap-anywhere">{`${storePath ?? '/s/your-store'}/pages/${draft.slug}`}</span>
          }
          error={errorOf('slug')}
          onChange={(event) => onChange('slug', event.target.value.toLowerCase())}
        />
      )}
      <Collapsible
        open={searchOpen || searchRefused}
        onOpenChange={setSearchOpen}
        className="grid gap-4"
      >
        <CollapsibleTrigger className="group flex items-center gap-1 justify-self-start rounded-md text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <ChevronDown
            aria-hidden="true"
            className="size-4 -rotate-90 transition-transform group-data-[state=open]:rotate-0"
          />
          Search engine listing
        </CollapsibleTrigger>
        <CollapsibleContent className="grid gap-4">
          <TextField
            label="Search title"
            optional
            value={draft.seoTitle}
            readOnly={readOnly}
            maxLength={WEBSITE_LIMITS.seoTitle}
            description={`${count(draft.seoTitle, WEBSITE_LIMITS.seoTitle)}. Shown in search results and the browser tab; the page title when empty.`}
            error={errorOf('seoTitle')}
            onChange={(event) => onChange('seoTitle', event.target.value)}
          />
          <TextareaField
            label="Search description"
            optional
            rows={2}
            value={draft.seoDescription}
            readOnly={readOnly}
            maxLength={WEBSITE_LIMITS.seoDescription}
            description={`${count(draft.seoDescription, WEBSITE_LIMITS.seoDescription)}. Shown under the title in search results.`}
            error={errorOf('seoDescription')}
            onChange={(event) => onChange('seoDescription', event.target.value)}
          />
        </CollapsibleContent>
      </Collapsible>
    </section>
  );
}
