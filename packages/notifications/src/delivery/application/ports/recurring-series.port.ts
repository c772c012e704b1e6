import { type Transaction } from '@tickler/core';
import { type RecurrenceRule } from '@tickler/time';
import {
  type DeliveryChanges,
  type NotificationDelivery,
} from '../../domain/notification-delivery.entity';
import { type RepeatView } from '../../../shared/application/notification.view';
import { type RepeatInput } from '../../../shared/application/repeat.input';
import { type Scope } from '../../../shared/application/ports/scope';

/** What a create or edit with `repeat` says about the series' start. */
export interface RepeatRequest {
  readonly recipientId: string;
  readonly repeat: RepeatInput;
  /** The first occurrence asked for (normalised `scheduledAt`), or null: the first match from now. */
  readonly start: string | null;
  /** Fields a series cannot carry, when given (eventAt, expiresAt, rule, source). */
  readonly refused: readonly string[];
}

/** An edit of "the series": new template fields, and maybe a new rule or occurrence 1. */
export interface SeriesEdit {
  readonly content: DeliveryChanges;
  readonly repeat: RepeatInput | undefined;
  /** New occurrence 1 (restarts the series there). */
  readonly scheduledAt: string | undefined;
}

/** The recurring series one delivery belongs to, as the delivery's use cases handle it. */
export interface DeliverySeries {
  /** The series as views show it (`repeat` on a notification), as it stands now. */
  view(): RepeatView;
  /**
   * Cancels the series and its scheduled row (`named` when that is the one): nothing more is
   * scheduled. Canceling an ended or canceled series changes nothing.
   */
  cancel(tx: Transaction, named: NotificationDelivery, now: string): Promise<void>;
  /** Edits the series' template and its scheduled row (a new rule restarts it); the edited row. */
  edit(
    tx: Transaction,
    named: NotificationDelivery,
    edit: SeriesEdit,
    now: string,
  ): Promise<NotificationDelivery>;
}

/**
 * What the delivery use cases need of recurring series (port owned by delivery, implemented by
 * the series module): a create or edit with `repeat`, `scope: "series"` on cancel and edit, and
 * the `repeat` a notification's view shows. Delivery never imports the series module.
 */
export interface RecurringSeries {
  /** The recipient's zone (their profile's; UTC when none): what a request naming none is in. */
  zoneOf(tx: Transaction, recipientId: string): Promise<string>;
  /** The validated rule a `repeat` asks for, and its occurrence 1. */
  ruleFor(tx: Transaction, request: RepeatRequest, now: string): Promise<RecurrenceRule>;
  /** Starts the series on `first`, already inserted in `tx`. */
  start(
    tx: Transaction,
    first: NotificationDelivery,
    rule: RecurrenceRule,
    now: string,
  ): Promise<DeliverySeries>;
  /** `repeat` on an edit of a one-off scheduled row: the row becomes occurrence 1 of a new series. */
  startOn(
    tx: Transaction,
    row: NotificationDelivery,
    repeat: RepeatInput,
    now: string,
  ): Promise<DeliverySeries>;
  /** The series the row belongs to (locked on PostgreSQL), if any. */
  seriesOf(tx: Transaction, deliveryId: string): Promise<DeliverySeries | undefined>;
  /** The `repeat` view of the series one delivery belongs to, if any (read outside a transaction). */
  viewOf(scope: Scope, deliveryId: string): Promise<RepeatView | undefined>;
  /** The `repeat` views of these deliveries' series, by delivery id (one read for a page). */
  viewsOf(scope: Scope, deliveryIds: readonly string[]): Promise<Map<string, RepeatView>>;
}
