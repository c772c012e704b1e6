/**
 * Why a target of issue 5 is missed, from what was measured and profiled (keyed by the start of
 * the target's text). Shown in docs/benchmarks.md only when the run misses that target.
 */
export const MISS_REASONS: Record<string, string> = {
  'drain ≥ 40 % of raw':
    'Tickler drains in bursts with idle gaps between them: a probe with 2,000 due deliveries settled 1,035 in 15 s while the process used only 2.2 CPU s, so the time goes to waiting, not work. `DeliverDueNotifications` settles batches of 500 and re-wakes itself through the keyed queue row; that follow-up wake-up is not acted on at once. Open for the notifications/kernel owners (profile: `node --cpu-prof tools/dist/bench/child.js …`).',
  'drain ≥ 3× the fastest peer': 'follows from the drain figure above.',
  'enqueue one per call':
    'each call is a validated command (class-validator), a unit of work (BEGIN IMMEDIATE … COMMIT), the aggregate, a kysely-compiled insert of the delivery row and the keyed wake-up upsert on the queue; raw is one prepared INSERT in autocommit.',
  'enqueue bulk':
    'the bulk path is still one command per item inside one unit of work (validation, aggregate, two kysely-compiled statements per item); raw is one prepared INSERT per row in one transaction. The context has no multi-row insert path yet.',
  'lateness p99':
    'the delivery runs after the timer fires: claim of the wake-up row, the indexed due read, inbox insert + status update in one transaction, then the event; with other processes busy on 2 cores the tail crosses 5 ms. Not yet profiled.',
  'restart with':
    'follows from the drain behaviour: the fresh process catches up in the same bursts, so it did not finish within the cap.',
};
