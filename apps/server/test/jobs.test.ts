import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { authSessions, users } from '../src/auth/tables.js';
import type { Database, Db } from '../src/db/client.js';
import { passwordResetFeature } from '../src/features/password-reset/index.js';
import { passwordResets } from '../src/features/password-reset/tables.js';
import { signupFeature } from '../src/features/signup/index.js';
import { emailVerifications } from '../src/features/signup/tables.js';
import { enqueue, startJobWorker } from '../src/jobs/job-queue.js';
import { deleteExpired, JOB_RETENTION, scheduleRetention } from '../src/jobs/retention.js';
import { jobs } from '../src/jobs/tables.js';
import { webhookReceipts } from '../src/telephony/tables.js';
import { openTestDatabase } from './helpers/test-database.js';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const DAY = 86_400_000;

describe('jobs', () => {
  it('parses a payload with its schema: a bad one fails for good, without running', async () => {
    const ran: unknown[] = [];
    const worker = startJobWorker(
      database.db,
      [
        {
          kind: 'greet',
          payload: z.object({ name: z.string().min(1) }),
          run: async (payload: { name: string }) => {
            ran.push(payload);
          },
        },
      ],
      { pollMs: 20 },
    );
    await enqueue(database.db, 'greet', { name: 'Ada' }, 'greet:good');
    await enqueue(database.db, 'greet', { name: 42 }, 'greet:bad');
    worker.kick();
    await vi.waitFor(
      async () => {
        const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'greet'));
        expect(rows.every((r) => r.doneAt || r.failedAt)).toBe(true);
      },
      { timeout: 10_000 },
    );
    await worker.stop();
    expect(ran).toEqual([{ name: 'Ada' }]);
    const [bad] = await database.db.select().from(jobs).where(eq(jobs.dedupeKey, 'greet:bad'));
    expect(bad?.failedAt).not.toBeNull();
    expect(bad?.attempts).toBe(1);
    expect(bad?.lastError).toMatch(/bad greet payload/);
  });
  it('runs a job queued behind a slow one without waiting for it', async () => {
    let releaseSlow = () => {};
    const slowStarted = new Promise<void>((started) => {
      releaseSlow = started;
    });
    let finishSlow = () => {};
    const slowMayEnd = new Promise<void>((end) => {
      finishSlow = end;
    });
    const order: string[] = [];
    const worker = startJobWorker(
      database.db,
      [
        {
          kind: 'slow-or-quick',
          payload: z.object({ name: z.string() }),
          run: async ({ name }: { name: string }) => {
            if (name === 'slow') {
              releaseSlow();
              await slowMayEnd;
            }
            order.push(name);
          },
        },
      ],
      { pollMs: 20, batch: 2 },
    );
    try {
      await enqueue(database.db, 'slow-or-quick', { name: 'slow' }, 'slow-or-quick:slow');
      worker.kick();
      await slowStarted;
      // Queued while the slow one runs: it has a free slot and is done long before.
      await enqueue(database.db, 'slow-or-quick', { name: 'quick' }, 'slow-or-quick:quick');
      worker.kick();
      await vi.waitFor(() => expect(order).toEqual(['quick']), { timeout: 10_000 });
    } finally {
      finishSlow();
      await worker.stop();
    }
    expect(order).toEqual(['quick', 'slow']);
    const rows = await database.db.select().from(jobs).where(eq(jobs.kind, 'slow-or-quick'));
    expect(rows.map((r) => r.doneAt !== null)).toEqual([true, true]);
  });
});

describe('retention', () => {
  it('deletes finished jobs, webhook receipts and ended sessions past 30 days, and nothing else', async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    await database.db.insert(jobs).values([
      { kind: 'old-done', payload: {}, dedupeKey: 'r:old-done', doneAt: ago(31) },
      { kind: 'old-failed', payload: {}, dedupeKey: 'r:old-failed', failedAt: ago(40) },
      { kind: 'new-done', payload: {}, dedupeKey: 'r:new-done', doneAt: ago(29) },
      // Still due (a long backoff): never deleted, however old.
      { kind: 'old-due', payload: {}, dedupeKey: 'r:old-due', createdAt: ago(90), runAt: ago(1) },
    ]);
    await database.db.insert(webhookReceipts).values([
      { token: 'r:old-receipt', receivedAt: ago(31) },
      { token: 'r:new-receipt', receivedAt: ago(2) },
    ]);

    const [user] = await database.db
      .insert(users)
      .values({ email: 'retention@example.com', name: 'Retention', passwordHash: 'x' })
      .returning({ id: users.id });
    const userId = user?.id as string;
    await database.db.insert(authSessions).values([
      { userId, expiresAt: ago(31) },
      { userId, expiresAt: ago(-10), revokedAt: ago(35) },
      { userId, expiresAt: ago(-10), revokedAt: ago(3) },
      { userId, expiresAt: ago(-10) },
    ]);

    expect(await deleteExpired(database.db, now)).toMatchObject({
      jobs: 2,
      webhookReceipts: 1,
      sessions: 2,
    });
    expect(await database.db.select().from(authSessions)).toHaveLength(2);

    const kinds = (await database.db.select({ kind: jobs.kind }).from(jobs)).map((j) => j.kind);
    expect(kinds).toEqual(expect.arrayContaining(['new-done', 'old-due']));
    expect(kinds).not.toEqual(expect.arrayContaining(['old-done']));
    expect(kinds).not.toContain('old-failed');
    const tokens = (await database.db.select().from(webhookReceipts)).map((r) => r.token);
    expect(tokens).toContain('r:new-receipt');
    expect(tokens).not.toContain('r:old-receipt');
  });

  it("deletes the features' links that stopped working over 30 days ago, and no live one", async () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY);
    const [user] = await database.db
      .insert(users)
      .values({ email: 'retention-links@example.com', name: 'Links', passwordHash: 'x' })
      .returning({ id: users.id });
    const userId = user?.id as string;
    // Dead long ago (expired, used, revoked), dead lately, and one still open.
    const links = (prefix: string) => [
      { userId, tokenHash: `${prefix}-expired`, expiresAt: ago(31) },
      { userId, tokenHash: `${prefix}-used`, expiresAt: ago(-1), usedAt: ago(40) },
      { userId, tokenHash: `${prefix}-revoked`, expiresAt: ago(-1), revokedAt: ago(33) },
      { userId, tokenHash: `${prefix}-lately`, expiresAt: ago(2) },
      { userId, tokenHash: `${prefix}-open`, expiresAt: ago(-1) },
    ];
    await database.db.insert(passwordResets).values(links('reset'));
    await database.db
      .insert(emailVerifications)
      .values(links('verify').map((l) => ({ ...l, email: 'retention-links@example.com' })));
    const features = [passwordResetFeature, signupFeature].map((f) => ({
      name: f.name,
      run: f.retention as (db: Db, before: Date) => Promise<number>,
    }));

    expect(await deleteExpired(database.db, now, 30, features)).toMatchObject({
      features: { 'password-reset': 3, signup: 3 },
    });
    const left = async (table: typeof passwordResets | typeof emailVerifications) =>
      (
        await database.db
          .select({ hash: table.tokenHash })
          .from(table)
          .where(eq(table.userId, userId))
      )
        .map((r) => r.hash)
        .sort();
    expect(await left(passwordResets)).toEqual(['reset-lately', 'reset-open']);
    expect(await left(emailVerifications)).toEqual(['verify-lately', 'verify-open']);
  });

  it('is queued once a day, however many instances ask', async () => {
    const now = new Date('2026-11-23T08:00:00Z');
    await Promise.all([1, 2, 3].map(() => scheduleRetention(database.db, now)));
    await scheduleRetention(database.db, new Date('2026-11-23T20:00:00Z'));
    await scheduleRetention(database.db, new Date('2026-11-24T01:00:00Z'));
    const queued = await database.db.select().from(jobs).where(eq(jobs.kind, JOB_RETENTION));
    expect(queued.map((j) => j.dedupeKey).sort()).toEqual([
      'retention:2026-11-23',
      'retention:2026-11-24',
    ]);
  });
});
