import { CORE_TOKENS, type IdGenerator, type Transaction } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { NotificationDelivery } from '../../delivery/domain/notification-delivery.entity';
import {
  planAdvance,
  RecurrenceRule,
  type RecurrenceRuleOptions,
  RecurrenceTooCostlyError,
} from '@tickler/time';
import { NOTIFICATIONS_TOKENS } from '../../shared/notifications.tokens';
import { SERIES_TOKENS } from '../../shared/series.tokens';
import { type ResolvedNotificationsOptions } from '../../shared/application/notifications.options';
import { type NotificationDeliveryRepository } from '../../delivery/application/ports/notification-delivery.repository';
import {
  type OccurrenceOutcome,
  type OccurrenceRecord,
  OPEN_OCCURRENCES_CHUNK,
  type SeriesRecord,
  type SeriesRepository,
} from './ports/series.repository';
import { type DeliveryWakeUp } from '../../shared/application/ports/wake-up.port';

/** A delivery row that settled, as the series ledger records it. */
export interface SettledOccurrence {
  readonly deliveryId: string;
  readonly outcome: Exclude<OccurrenceOutcome, 'scheduled'>;
  readonly reason: string | null;
}

/**
 * The series' rule, rebuilt from its row (validated again: a row is never trusted blindly; no
 * walk: reading a series expands nothing). A request passes its stopwatch so that its
 * expansions are bounded in time too.
 */
export function ruleOf(series: SeriesRecord, options: RecurrenceRuleOptions = {}): RecurrenceRule {
  return RecurrenceRule.rehydrate(
    { rule: series.rule, timeZone: series.timeZone, start: series.startAt },
    options,
  );
}

/**
 * Keeps ONE delivery row of each active series scheduled. Starting a series records its first
 * row as occurrence 1; when that row settles (sent, missed, failed, or canceled as "this one")
 * the ledger records the outcome and — in the same transaction — the next occurrence's row is
 * created, after {@link planAdvance} decided which one (no backlog burst after downtime).
 */
@injectable()
export class SeriesScheduler {
  constructor(
    @inject(CORE_TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(NOTIFICATIONS_TOKENS.DeliveryRepository)
    private readonly deliveries: NotificationDeliveryRepository,
    @inject(SERIES_TOKENS.SeriesRepository) private readonly series: SeriesRepository,
    @inject(NOTIFICATIONS_TOKENS.WakeUp) private readonly wakeUp: DeliveryWakeUp,
    @inject(NOTIFICATIONS_TOKENS.Options) private readonly options: ResolvedNotificationsOptions,
  ) {}

  /** Starts a series whose occurrence 1 is `first` (a row already inserted in `tx`). */
  async start(
    tx: Transaction,
    first: NotificationDelivery,
    rule: RecurrenceRule,
    now: string,
  ): Promise<SeriesRecord> {
    const s = first.snapshot();
    const series: SeriesRecord = {
      id: s.id,
      recipientId: s.recipientId,
      rule: rule.rule,
      timeZone: rule.timeZone,
      startAt: rule.start,
      status: 'active',
      title: s.title,
      message: s.message,
      url: s.url,
      channels: s.channels === null ? null : [...s.channels],
      priority: s.priority,
      escalation: s.escalation,
      fallback: s.fallback,
      currentNumber: 1,
      currentInstant: rule.start,
      currentDeliveryId: s.id,
      createdAt: now,
      updatedAt: now,
    };
    await this.series.insert(tx, series);
    await this.series.record(tx, [this.ledgerRow(series, 1, rule.start, s.id, now)]);
    return series;
  }

  /**
   * Records what became of settled rows that are occurrences of a series, and schedules the
   * next occurrence of each active series whose current row settled.
   */
  async settled(
    tx: Transaction,
    settled: readonly SettledOccurrence[],
    now: string,
  ): Promise<void> {
    for (let i = 0; i < settled.length; i += OPEN_OCCURRENCES_CHUNK) {
      const chunk = settled.slice(i, i + OPEN_OCCURRENCES_CHUNK);
      const open = await this.series.openOccurrencesOf(
        tx,
        chunk.map((s) => s.deliveryId),
      );
      const byDelivery = new Map(chunk.map((s) => [s.deliveryId, s]));
      for (const { occurrence, series } of open) {
        const outcome = byDelivery.get(occurrence.deliveryId ?? '');
        if (outcome === undefined) {
          continue;
        }
        await this.series.updateOccurrence(tx, {
          ...occurrence,
          outcome: outcome.outcome,
          reason: outcome.reason,
          recordedAt: now,
        });
        if (series.status === 'active' && series.currentDeliveryId === occurrence.deliveryId) {
          await this.advance(tx, series, now);
        }
      }
    }
  }

  /**
   * Schedules the occurrence after the current one (see {@link planAdvance}), recording the
   * passed ones `missed`; ends the series when none is left.
   */
  async advance(tx: Transaction, series: SeriesRecord, now: string): Promise<void> {
    const rule = ruleOf(series);
    // Twice at most: a passed occurrence within grace is created due now, and dry-run settles
    // it `missed` on the spot; the next one after it is then in the future.
    for (let round = 0; round < 2; round++) {
      const plan = this.plan(rule, series, now);
      const passed: OccurrenceRecord[] = plan.missed.map(({ occurrence, reason }, i) => ({
        ...this.ledgerRow(series, occurrence.number, occurrence.instant, null, now),
        outcome: 'missed',
        reason:
          i === plan.missed.length - 1 && plan.unlisted !== 0
            ? `${reason}; ${plan.unlisted ?? 'more'} passed after it, not listed`
            : reason,
      }));
      series.updatedAt = now;
      if (plan.next === null) {
        await this.series.record(tx, passed);
        series.status = 'ended';
        series.currentDeliveryId = null;
        await this.series.update(tx, series);
        return;
      }
      const delivery = NotificationDelivery.create(
        {
          recipientId: series.recipientId,
          channels: series.channels,
          title: series.title,
          message: series.message,
          url: series.url,
          priority: series.priority,
          escalation: series.escalation,
          fallback: series.fallback,
          scheduledAt: plan.next.instant,
        },
        now,
        this.ids.next(),
        this.options.due,
      );
      await this.deliveries.insert(tx, delivery);
      tx.recordEvents(delivery.pullEvents());
      const row = this.ledgerRow(series, plan.next.number, plan.next.instant, delivery.id, now);
      series.currentNumber = plan.next.number;
      series.currentInstant = plan.next.instant;
      if (delivery.dueAt !== null) {
        await this.series.record(tx, [...passed, row]);
        series.currentDeliveryId = delivery.id;
        await this.series.update(tx, series);
        await this.wakeUp.wakeAt(tx, delivery.dueAt);
        return;
      }
      // Settled on creation (dry-run): record it so and go on from it.
      await this.series.record(tx, [
        ...passed,
        { ...row, outcome: 'missed', reason: delivery.snapshot().missedReason },
      ]);
    }
    series.currentDeliveryId = null;
    await this.series.update(tx, series);
  }

  /**
   * What comes after the current occurrence; a rule whose walk runs out of its step budget (one
   * stored before the cost limits, that fires once in decades) ends the series instead of
   * failing the settling transaction again on every retry. Steps only, no stopwatch: a slow
   * moment must not end a series.
   */
  private plan(
    rule: RecurrenceRule,
    series: SeriesRecord,
    now: string,
  ): ReturnType<typeof planAdvance> {
    try {
      return planAdvance(
        rule,
        { instant: series.currentInstant, number: series.currentNumber },
        now,
        this.options.due.graceMs,
      );
    } catch (error) {
      if (error instanceof RecurrenceTooCostlyError) {
        return { missed: [], unlisted: 0, next: null };
      }
      throw error;
    }
  }

  /** A ledger row in `scheduled` (callers change the outcome where it is already known). */
  ledgerRow(
    series: SeriesRecord,
    number: number,
    instant: string,
    deliveryId: string | null,
    now: string,
  ): OccurrenceRecord {
    return {
      id: this.ids.next(),
      seriesId: series.id,
      number,
      instant,
      deliveryId,
      outcome: 'scheduled',
      reason: null,
      recordedAt: now,
    };
  }
}
