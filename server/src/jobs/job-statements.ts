import { sql } from 'drizzle-orm';
import type { Orm } from '../db/database.js';
import { jobs } from '../db/schema/index.js';

export type JobRow = typeof jobs.$inferSelect;

/** No least priority: every job of the handled queues may take the slot. */
const ANY_PRIORITY = -2_147_483_648;

const value = (name: string) => sql.placeholder(name);

/**
 * The worker's statements, run once or more per job: built once and prepared (on PostgreSQL a named statement,
 * parsed once per connection), so a claim or a completion binds its values and builds no query. Their texts do not
 * depend on the instance (queues and instance id are values), so every queue of a process shares the names.
 */
export function createJobStatements(orm: Orm) {
  const now = sql`${value('now')}::timestamptz`;
  // The due jobs of the handled queues (queued and due, or running with an expired lease) of at least
  // `minPriority`, highest priority first, then lowest turn, then oldest, skipping rows another instance is
  // claiming this instant; stamped as this instance's in the same statement.
  const due = sql`select ${jobs.id} from ${jobs}
    where ${jobs.queue} = any(${value('queues')}::text[]) and ${jobs.priority} >= ${value('minPriority')}::int
      and ((${jobs.status} = 'queued' and ${jobs.runAt} <= ${now}) or (${jobs.status} = 'running' and ${jobs.lockedUntil} < ${now}))
    order by ${jobs.priority} desc, ${jobs.turn} asc, ${jobs.runAt} asc, ${jobs.id} asc
    limit ${value('limit')}::int
    for update skip locked`;
  const claim = orm
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`${value('lockedUntil')}::timestamptz`,
      lockedBy: sql`${value('instanceId')}::text`,
      updatedAt: now,
    })
    // `= any(array(…))`, not `in (…)`: the array is computed once. As a semi-join the planner may run the
    // subquery again for every row it compares (a nested loop, on statistics that show a small table), and each run
    // skips the rows the earlier ones locked: one claim of `limit` jobs then claimed more.
    .where(sql`${jobs.id} = any(array(${due}))`)
    .returning()
    .prepare('jobs_claim');

  // Conditional on the claim (instance and attempt): a job re-claimed by another instance is not touched.
  // A retry (`queued`) keeps no finish time; an error and a new due time replace the old ones only when given.
  const status = sql`${value('status')}::text`;
  const finish = orm
    .update(jobs)
    .set({
      status: sql`${status}`,
      lockedUntil: null,
      lockedBy: null,
      updatedAt: now,
      lastError: sql`coalesce(${value('lastError')}::text, ${jobs.lastError})`,
      runAt: sql`coalesce(${value('runAt')}::timestamptz, ${jobs.runAt})`,
      finishedAt: sql`case when ${status} = 'queued' then ${jobs.finishedAt} else ${now} end`,
    })
    .where(
      sql`${jobs.id} = ${value('id')}::uuid and ${jobs.status} = 'running' and ${jobs.lockedBy} = ${value('instanceId')}::text and ${jobs.attempts} = ${value('attempts')}::int`,
    )
    .returning({ id: jobs.id })
    .prepare('jobs_finish');

  return {
    /** Up to `limit` due jobs of `queues` (of at least `minPriority`), now running under this instance's lease. */
    claim: (claimed: { queues: string[]; minPriority: number | undefined; limit: number; now: Date; lockedUntil: Date; instanceId: string }): Promise<JobRow[]> =>
      claim.execute({
        queues: claimed.queues,
        minPriority: claimed.minPriority ?? ANY_PRIORITY,
        limit: claimed.limit,
        now: claimed.now.toISOString(),
        lockedUntil: claimed.lockedUntil.toISOString(),
        instanceId: claimed.instanceId,
      }),
    /** Records the outcome of a claim; false when the lease was lost (another instance claimed the job since). */
    finish: async (finished: {
      job: Pick<JobRow, 'id' | 'attempts'>;
      instanceId: string;
      status: 'done' | 'failed' | 'queued';
      now: Date;
      lastError: string | undefined;
      runAt: Date | undefined;
    }): Promise<boolean> => {
      const rows = await finish.execute({
        id: finished.job.id,
        attempts: finished.job.attempts,
        instanceId: finished.instanceId,
        status: finished.status,
        now: finished.now.toISOString(),
        lastError: finished.lastError ?? null,
        runAt: finished.runAt?.toISOString() ?? null,
      });
      return rows.length > 0;
    },
  };
}

export type JobStatements = ReturnType<typeof createJobStatements>;
