import { IsArray, IsString, MaxLength } from 'class-validator';
import { Command } from '../commands/command';
import { type DomainEvent } from '../domain';

/**
 * Queue payload carrying one transaction's events to one durable subscriber. One row per
 * (transaction, subscriber), not per event: a batch of 500 deliveries costs one queue row.
 */
export class DeliverEvents extends Command<void> {
  static readonly type = 'core.deliver-events';

  @IsString()
  @MaxLength(200)
  subscriber!: string;

  @IsArray()
  events!: DomainEvent[];
}
