/// <reference types="vite/client" />
import type { RouteCases } from '../../src/http/route-cases.js';

export type { RecordIds as Ids, RouteCase as Case } from '../../src/http/route-cases.js';

// Each feature keeps the cases of its own routes beside them (features/<f>/route-cases.ts).
const modules = import.meta.glob<{ routeCases: RouteCases }>(
  '../../src/features/**/route-cases.ts',
  {
    eager: true,
  },
);

export const CASES: RouteCases = Object.assign(
  {},
  ...Object.values(modules).map((module) => module.routeCases),
);
