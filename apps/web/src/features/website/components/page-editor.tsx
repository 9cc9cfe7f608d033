import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  can,
  WEBSITE_SECTION_LABELS,
  type WebsitePageResponse,
  type WebsiteSection,
  type WebsiteSectionType,
} from '@tentpole/domain';
import { ArrowLeft, ExternalLink, FileQuestion, Send } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useAuthenticatedSession } from '@/app/providers/authenticated-session';
import { UnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { LoadingRows } from '@/components/query-state/loading-rows';
import { QueryError } from '@/components/query-state/query-error';
import { StateMessage } from '@/components/query-state/state-message';
import { SegmentedControl } from '@/components/segmented-control';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { useWebsitePage } from '../api/get-website-page';
import { useWebsitePages } from '../api/get-website-pages';
import { usePublishWebsitePage } from '../api/publish-website-page';
import { rememberWebsitePage, saveWebsitePage } from '../api/save-website-page';
import { type AutosaveStatus, DraftAutosave } from '../lib/draft-autosave';
import {
  type DraftErrors,
  DraftInvalidError,
  draftProblems,
  sectionFieldKey,
  serverDraftErrors,
  withoutErrors,
} from '../lib/draft-errors';
import {
  type PageDraft,
  pageDraftOf,
  saveInputOf,
  withSectionAdded,
  withSectionChanged,
  withSectionMoved,
  withSectionRemoved,
} from '../lib/page-draft';
import { AddSectionMenu } from './add-section-menu';
import { PagePreview } from './page-preview';
import { PageSettingsFields } from './page-settings-fields';
import { PageStateBadge } from './page-state-badge';
import { SaveStatus } from './save-status';
import { SectionList, sectionMoveButtonId, sectionNames } from './section-list';

/** Edits wait this long after the last keystroke before they are saved. */
export const AUTOSAVE_DELAY_MS = 800;

/** back-office spec §10: one page's draft, its sections, a live preview, and Publish. */
export function PageEditor({ pageId }: { pageId: string }) {
  const { user } = useAuthenticatedSession();
  const page = useWebsitePage(pageId);
  if (page.isPending) return <LoadingRows label="Loading the page" rows={6} variant="cards" />;
  if (page.isError) {
    if (page.error instanceof ApiError && page.error.status === 404) {
      return (
        <StateMessage
          icon={<FileQuestion aria-hidden="true" />}
          title="Page not found"
          titleAs="h1"
          description="It may have been deleted."
          action={
            <Button asChild variant="outline">
              <Link to="/website">All pages</Link>
            </Button>
          }
        />
      );
    }
    return (
      <QueryError
        variant="panel"
        title="The page could not be loaded."
        onRetry={() => void page.refetch()}
      />
    );
  }
  return (
    <LoadedEditor
      key={page.data.id}
      initial={page.data}
      canEdit={can(user.roles, 'website.write')}
    />
  );
}

type Field = 'title' | 'slug' | 'seoTitle' | 'seoDescription';

function LoadedEditor({ initial, canEdit }: { initial: WebsitePageResponse; canEdit: boolean }) {
  const queryClient = useQueryClient();
  // The page as last saved or published: its state and address.
  const saved = useWebsitePage(initial.id).data ?? initial;
  const storePath = useWebsitePages().data?.storePath ?? null;
  const publish = usePublishWebsitePage();
  const [draft, setDraft] = useState(() => pageDraftOf(initial));
  const draftRef = useRef(draft);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [status, setStatus] = useState<AutosaveStatus>({ state: 'saved', error: null });
  const [previewVersion, setPreviewVersion] = useState(0);
  const [pane, setPane] = useState<'edit' | 'preview'>('edit');
  const [announcement, setAnnouncement] = useState('');

  const [autosave] = useState(
    () =>
      new DraftAutosave<PageDraft>(draftRef.current, {
        delayMs: AUTOSAVE_DELAY_MS,
        onStatus: setStatus,
        save: async (value) => {
          const input = saveInputOf(value, initial.isHome);
          const problems = draftProblems(input, value.sections);
          if (Object.keys(problems).length > 0) {
            setErrors(problems);
            throw new DraftInvalidError(problems);
          }
          try {
            const page = await saveWebsitePage({ id: initial.id, draft: input });
            void rememberWebsitePage(queryClient, page);
            setErrors({});
            setPreviewVersion((version) => version + 1);
          } catch (error) {
            const fieldErrors = serverDraftErrors(error, value.sections);
            if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
            throw error;
          }
        },
      }),
  );
  useEffect(() => () => autosave.dispose(), [autosave]);

  /** Applies an edit, clears the errors it answers, and saves it after the pause. */
  function change(update: (draft: PageDraft) => PageDraft, answered?: string) {
    const next = update(draftRef.current);
    draftRef.current = next;
    setDraft(next);
    if (answered) setErrors((current) => withoutErrors(current, answered));
    autosave.change(next);
  }

  const names = sectionNames(draft.sections);

  function addSection(type: WebsiteSectionType) {
    const sections = withSectionAdded(draftRef.current.sections, type);
    const added = sections[sections.length - 1];
    change((current) => ({ ...current, sections }));
    setAnnouncement(`${WEBSITE_SECTION_LABELS[type]} section added at the end of the page.`);
    requestAnimationFrame(() => {
      const card = document.querySelector(`[data-section-id="${added?.id}"]`);
      const first =
        card?.querySelector<HTMLElement>('input:not([type=file]), textarea') ??
        card?.querySelector<HTMLElement>('button');
      first?.focus();
    });
  }

  function moveSection(id: string, to: number, focus?: 'up' | 'down') {
    const name = names.get(id) ?? 'The section';
    change((current) => ({ ...current, sections: withSectionMoved(current.sections, id, to) }));
    setAnnouncement(`${name} moved to position ${to + 1} of ${draft.sections.length}.`);
    if (focus) {
      requestAnimationFrame(() => {
        const target = document.getElementById(sectionMoveButtonId(id, focus));
        if (target instanceof HTMLButtonElement && !target.disabled) target.focus();
        else
          document.getElementById(sectionMoveButtonId(id, focus === 'up' ? 'down' : 'up'))?.focus();
      });
    }
  }

  function removeSection(section: WebsiteSection) {
    const before = draftRef.current.sections;
    const name = names.get(section.id) ?? WEBSITE_SECTION_LABELS[section.type];
    change(
      (current) => ({ ...current, sections: withSectionRemoved(current.sections, section.id) }),
      sectionFieldKey(section.id),
    );
    document.getElementById('page-sections-heading')?.focus();
    toast(`${name} removed.`, {
      action: {
        label: 'Undo',
        onClick: () =>
          change((current) =>
            current.sections.some((other) => other.id === section.id)
              ? current
              : { ...current, sections: before },
          ),
      },
    });
  }

  async function publishPage() {
    if (!(await autosave.flush())) {
      toast.error('Not published: the draft could not be saved.');
      return;
    }
    try {
      const page = await publish.mutateAsync(initial.id);
      toast.success(`${page.title} is published.`);
    } catch (error) {
      toast.error(
        error instanceof ApiError && error.body
          ? error.message
          : 'The page could not be published.',
      );
    }
  }

  const busy = status.state === 'saving' || publish.isPending;
  const upToDate = saved.state === 'published' && status.state === 'saved';
  const readOnly = !canEdit;

  return (
    <div className="grid min-w-0 gap-4">
      <UnsavedChangesGuard when={status.state !== 'saved'} />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div className="grid gap-3">
        <Link
          to="/website"
          className="inline-flex items-center gap-1 justify-self-start text-sm text-muted-foreground underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All pages
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <h1 className="min-w-0 text-2xl font-semibold tracking-tight wrap-anywhere">
                {draft.title.trim() || 'Untitled page'}
              </h1>
              <PageStateBadge state={saved.state} />
            </div>
            {canEdit ? (
              <SaveStatus status={status} onRetry={() => void autosave.flush()} />
            ) : (
              <p className="text-sm text-muted-foreground">
                You can view this page; changing it needs the website.write permission.
              </p>
            )}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            {storePath !== null && saved.state !== 'draft' && (
              <Button asChild variant="ghost">
                <a href={saved.path} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden="true" />
                  View live page
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </Button>
            )}
            {canEdit && (
              <>
                <Button
                  variant="outline"
                  disabled={status.state === 'saving'}
                  onClick={() => void autosave.flush()}
                >
                  Save draft
                </Button>
                <Button disabled={busy || upToDate} onClick={() => void publishPage()}>
                  {publish.isPending ? <Spinner className="size-4" /> : <Send aria-hidden="true" />}
                  {upToDate ? 'Published' : 'Publish'}
                </Button>
              </>
            )}
          </div>
        </div>
        {storePath === null && (
          <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100">
            Your store has no address yet, so shoppers cannot see this page.{' '}
            <Link
              to="/account"
              search={{ tab: 'website' }}
              className="font-medium underline underline-offset-4"
            >
              Choose one in Website Settings
            </Link>
            .
          </p>
        )}
      </div>
      <SegmentedControl
        legend="Show"
        className="lg:hidden"
        options={[
          { value: 'edit', label: 'Edit' },
          { value: 'preview', label: 'Preview' },
        ]}
        value={pane}
        onChange={setPane}
      />
      <div className="grid min-w-0 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
        <div className={cn('min-w-0 gap-6', pane === 'edit' ? 'grid' : 'hidden lg:grid')}>
          <PageSettingsFields
            draft={draft}
            isHome={initial.isHome}
            storePath={storePath}
            readOnly={readOnly}
            errorOf={(field: Field) => errors[field]}
            onChange={(field, value) =>
              change((current) => ({ ...current, [field]: value }), field)
            }
          />
          <section aria-labelledby="page-sections-heading" className="grid min-w-0 gap-4">
            <h2
              id="page-sections-heading"
              tabIndex={-1}
              className="text-lg font-semibold outline-none"
            >
              Sections
            </h2>
            {draft.sections.length === 0 && (
              <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
                {canEdit
                  ? 'This page has no sections yet. Add a hero, text, questions or products.'
                  : 'This page has no sections yet.'}
              </p>
            )}
            <SectionList
              sections={draft.sections}
              readOnly={readOnly}
              errorOf={(id, field) => errors[sectionFieldKey(id, ...(field ? [field] : []))]}
              onChange={(id, patch, field) =>
                change(
                  (current) => ({
                    ...current,
                    sections: withSectionChanged(current.sections, id, patch),
                  }),
                  sectionFieldKey(id, field),
                )
              }
              onMove={moveSection}
              onRemove={removeSection}
            />
            {errors.sections && <FieldError>{errors.sections}</FieldError>}
            {canEdit && <AddSectionMenu count={draft.sections.length} onAdd={addSection} />}
          </section>
        </div>
        <div
          className={cn(
            'min-w-0 lg:sticky lg:top-4',
            pane === 'preview' ? 'block' : 'hidden lg:block',
          )}
        >
          <PagePreview
            pageId={initial.id}
            title={draft.title.trim() || 'Untitled page'}
            version={previewVersion}
          />
        </div>
      </div>
    </div>
  );
}
