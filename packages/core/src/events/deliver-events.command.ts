import { IsArray, IsOptional, IsString, MaxLength } from 'class-validator';
import { Command } from '../commands/command';
import { type DomainEvent } from '../domain';

/**
 * Queue payload handing one transaction's events to one durable subscriber: it names the batch
 * of `shared_event_rows` that holds them. One queue row per (transaction, subscriber), not per
 * event: a batch of 500 deliveries costs one queue row and one multi-row insert of its events.
 */
export class DeliverEvents extends Command<void> {
  static readonly type = 'core.deliver-events';

  @IsString()
  @MaxLength(200)
  subscriber!: string;

  /** The batch of `shared_event_rows` holding the events (written by the event dispatcher). */
  @IsOptional()
  @IsString()
  @MaxLength(100)
  batch?: string;

  /**
   * The events as JSON text (an array of `DomainEvent`): rows written before event rows existed.
   * Text on purpose: as an array of objects, the command bus rebuilt every event through
   * class-transformer before the handler ran — 13 % of the CPU of a 20k-delivery drain.
   */
  @IsOptional()
  @IsString()
  eventsJson?: string;

  /** The events themselves: rows written before `eventsJson` existed, and hand-made rows. */
  @IsOptional()
  @IsArray()
  events?: DomainEvent[];
}
