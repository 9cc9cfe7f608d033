import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { draftErrorKey, draftProblems, serverDraftErrors, withoutErrors } from './draft-errors';
import { newSection } from './new-section';

const sections = [{ id: 'hero1' }, { id: 'faq1' }];

describe("the draft's errors, beside their fields", () => {
  it("keys a section's field by the section's id, so it follows the section when it moves", () => {
    expect(draftErrorKey('sections.1.items.0.question', sections)).toBe(
      'sections.faq1.items.0.question',
    );
    expect(draftErrorKey('sections.0.heading', sections)).toBe('sections.hero1.heading');
    expect(draftErrorKey('title', sections)).toBe('title');
    expect(draftErrorKey('sections', sections)).toBe('sections');
    // A place the draft no longer has falls back to the list.
    expect(draftErrorKey('sections.7.heading', sections)).toBe('sections');
  });

  it("reads the server's 400 field errors, first message per field", () => {
    const error = new ApiError(400, {
      error: {
        code: 'validation_failed',
        message: 'Check the fields',
        fields: {
          slug: ['That address is taken', 'Other'],
          'sections.1.items.0.answer': ['Enter the answer'],
        },
      },
    });
    expect(serverDraftErrors(error, sections)).toEqual({
      slug: 'That address is taken',
      'sections.faq1.items.0.answer': 'Enter the answer',
    });
    expect(serverDraftErrors(new Error('offline'), sections)).toEqual({});
  });

  it("finds a new section's missing fields with the schema before anything is sent", () => {
    const draft = {
      title: '',
      slug: 'about',
      seoTitle: '',
      seoDescription: '',
      sections: [newSection('text', 't1'), newSection('faq', 'f1')],
    };
    expect(draftProblems(draft, draft.sections)).toEqual({
      title: 'Enter the page title',
      'sections.t1.body': 'Enter the text',
      'sections.f1.items.0.question': 'Enter the question',
      'sections.f1.items.0.answer': 'Enter the answer',
    });
  });

  it('clears a field’s error, or everything under a removed section', () => {
    const errors = {
      title: 'Enter the page title',
      'sections.t1.body': 'Enter the text',
      'sections.t1.heading': 'Too long',
      'sections.t10.body': 'Enter the text',
    };
    expect(withoutErrors(errors, 'sections.t1.body')).toEqual({
      title: 'Enter the page title',
      'sections.t1.heading': 'Too long',
      'sections.t10.body': 'Enter the text',
    });
    expect(Object.keys(withoutErrors(errors, 'sections.t1'))).toEqual([
      'title',
      'sections.t10.body',
    ]);
  });
});
