import { getTableName, isTable } from 'drizzle-orm';
import * as authTables from '../auth/tables.js';
import * as httpTables from '../http/tables.js';
import * as jobTables from '../jobs/tables.js';
import * as telephonyTables from '../telephony/tables.js';
import { FEATURES } from './features.js';

/** Every table of the app: the platform's and each feature's. */
export function allTables() {
  return [
    authTables,
    httpTables,
    jobTables,
    telephonyTables,
    ...FEATURES.map((f) => f.tables ?? {}),
  ]
    .flatMap((module) => Object.values(module))
    .filter(isTable);
}

export const allTableNames = () => allTables().map((table) => getTableName(table));
