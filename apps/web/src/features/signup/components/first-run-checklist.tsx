import { useChecklist } from '../api/checklist';
import { ChecklistCard } from './checklist-card';

/**
 * Issue 23 item 5: the first-run checklist on the dashboard of an account that signed up,
 * shown to its owners until one dismisses it. Each step is ticked from the account's data.
 */
export function FirstRunChecklist() {
  const checklist = useChecklist();
  // Nothing to show (or the checklist could not load): the dashboard is the same as ever.
  if (!checklist.data?.show) return null;
  return <ChecklistCard checklist={checklist.data} />;
}
