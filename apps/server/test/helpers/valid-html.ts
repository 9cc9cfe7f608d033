import { HtmlValidate } from 'html-validate';
import { expect } from 'vitest';

// The HTML standard's rules (html-validate's "standard" preset: content models, attributes,
// ids, nesting), and the document's (one <title>, a lang…): the public pages must be valid
// HTML (issue 20). Style rules (quotes, case) are not validity and are not asked for.
const validator = new HtmlValidate({
  extends: ['html-validate:standard', 'html-validate:document'],
  // Subresource integrity guards a script from another origin; the pages load only their own.
  rules: { 'require-sri': 'off' },
});

/** Fails with each message (rule, line, the offending text) unless `html` is a valid document. */
export async function expectValidHtml(html: string, what: string) {
  const report = await validator.validateString(html);
  const problems = report.results.flatMap((r) =>
    r.messages.map((m) => `${m.ruleId} (line ${m.line}): ${m.message} [${m.selector ?? ''}]`),
  );
  expect(problems, what).toEqual([]);
}
