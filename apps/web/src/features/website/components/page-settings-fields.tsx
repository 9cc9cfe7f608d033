import { WEBSITE_LIMITS } from '@tentpole/domain';
import { TextField } from '@/components/form/text-field';
import { TextareaField } from '@/components/form/textarea-field';
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
          description={`${storePath ?? '/s/your-store'}/pages/${draft.slug}`}
          error={errorOf('slug')}
          onChange={(event) => onChange('slug', event.target.value)}
        />
      )}
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
    </section>
  );
}
