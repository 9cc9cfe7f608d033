import { saveWebsitePageSchema, type WebsiteSection } from '@tentpole/domain';
import { ApiError } from '@/lib/api-client';

/**
 * A problem's key: the schema's path, with a section's place replaced by its id
 * ('sections.2.heading' → 'sections.k3x9.heading'), so the message stays beside its field
 * when sections move. Top-level keys ('title', 'sections') are kept as they are.
 */
export type DraftErrors = Readonly<Record<string, string>>;

export function draftErrorKey(path: string, sections: readonly Pick<WebsiteSection, 'id'>[]) {
  const [first, place, ...rest] = path.split('.');
  if (first !== 'sections' || place === undefined || !/^\d+$/.test(place)) return path;
  const section = sections[Number(place)];
  if (!section) return 'sections';
  return ['sections', section.id, ...rest].join('.');
}

/** The key of one field of a section. */
export function sectionFieldKey(sectionId: string, ...path: (string | number)[]): string {
  return ['sections', sectionId, ...path].join('.');
}

function keyed(
  problems: Iterable<[string, string | undefined]>,
  sections: readonly Pick<WebsiteSection, 'id'>[],
): DraftErrors {
  const errors: Record<string, string> = {};
  for (const [path, message] of problems) {
    const key = draftErrorKey(path, sections);
    if (message !== undefined && !(key in errors)) errors[key] = message;
  }
  return errors;
}

/** The draft's problems by the domain's schema (the server's own check); none when valid. */
export function draftProblems(input: unknown, sections: readonly Pick<WebsiteSection, 'id'>[]) {
  const result = saveWebsitePageSchema.safeParse(input);
  if (result.success) return {};
  return keyed(
    result.error.issues.map((issue) => [issue.path.join('.'), issue.message]),
    sections,
  );
}

/** The server's field errors (a 400's `error.fields`), keyed as the editor shows them. */
export function serverDraftErrors(
  error: unknown,
  sections: readonly Pick<WebsiteSection, 'id'>[],
): DraftErrors {
  const fields = error instanceof ApiError ? error.body?.error.fields : undefined;
  return keyed(
    Object.entries(fields ?? {}).map(([path, messages]) => [path, messages[0]]),
    sections,
  );
}

/** The errors without those at `key` or under it (a field edited, a section removed). */
export function withoutErrors(errors: DraftErrors, key: string): DraftErrors {
  const left = Object.entries(errors).filter(
    ([other]) => other !== key && !other.startsWith(`${key}.`),
  );
  return left.length === Object.keys(errors).length ? errors : Object.fromEntries(left);
}

/** The draft was not sent: the schema found problems, now shown beside their fields. */
export class DraftInvalidError extends Error {
  override readonly name = 'DraftInvalidError';
  constructor(readonly errors: DraftErrors) {
    super('The draft has fields to fix');
  }
}
