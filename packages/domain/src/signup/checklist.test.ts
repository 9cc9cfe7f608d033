import { describe, expect, it } from 'vitest';
import { type ChecklistFacts, type ChecklistStep, checklistFrom } from './checklist';

const nothingYet: ChecklistFacts = {
  signedUp: true,
  dismissed: false,
  emailVerified: false,
  storeSlug: 'rosa-rentals',
  activeProduct: false,
  hoursSaved: false,
  businessNumber: false,
  otherMember: false,
  liveInvitation: false,
  storeAddressChosen: false,
};
const owner = { email: 'rosa@example.com', roles: ['tentpole:*'] };
const doneSteps = (facts: Partial<ChecklistFacts>) =>
  checklistFrom({ ...nothingYet, ...facts }, owner)
    .steps.filter((s) => s.done)
    .map((s) => s.step);

describe('checklistFrom', () => {
  it('lists the five steps in order, none done, for a new account', () => {
    expect(checklistFrom(nothingYet, owner)).toEqual({
      show: true,
      email: 'rosa@example.com',
      emailVerified: false,
      storeSlug: 'rosa-rentals',
      steps: [
        { step: 'products', done: false },
        { step: 'hours', done: false },
        { step: 'phone', done: false },
        { step: 'team', done: false },
        { step: 'store', done: false },
      ],
    });
  });

  it.each<[Partial<ChecklistFacts>, ChecklistStep[]]>([
    [{ activeProduct: true }, ['products']],
    [{ hoursSaved: true }, ['hours']],
    [{ businessNumber: true }, ['phone']],
    [{ otherMember: true }, ['team']],
    [{ liveInvitation: true }, ['team']],
    [{ storeAddressChosen: true }, ['store']],
    [{ emailVerified: true, storeSlug: null }, []],
  ])('ticks from %o exactly %o', (facts, steps) => {
    expect(doneSteps(facts)).toEqual(steps);
  });

  it('shows only to an owner of an account that signed up, until it is dismissed', () => {
    expect(checklistFrom(nothingYet, owner).show).toBe(true);
    expect(checklistFrom({ ...nothingYet, dismissed: true }, owner).show).toBe(false);
    expect(checklistFrom({ ...nothingYet, signedUp: false }, owner).show).toBe(false);
    expect(
      checklistFrom(nothingYet, { email: 'crew@example.com', roles: ['tentpole:order.read'] }).show,
    ).toBe(false);
  });
});
