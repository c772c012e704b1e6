import { type CommandHandler, CORE_TOKENS } from '@tickler/core';
import { inject, injectable } from 'inversify';
import { CALENDAR_TOKENS } from '../../calendar.tokens';
import { ownedCalendar } from '../calendar-lookup';
import { CalendarReconcile } from '../calendar-reconcile';
import { type CalendarRepository, type ReminderRepository } from '../ports/calendar.repository';
import { type TransactionRunner } from '../ports/transaction-runner.port';
import { RemoveCalendar } from './remove-calendar.command';

/** Removes the calendar and withdraws its future reminders, in one transaction. */
@injectable()
export class RemoveCalendarHandler implements CommandHandler<RemoveCalendar> {
  static readonly handles = RemoveCalendar;

  constructor(
    @inject(CORE_TOKENS.UnitOfWork) private readonly uow: TransactionRunner,
    @inject(CALENDAR_TOKENS.Calendars) private readonly calendars: CalendarRepository,
    @inject(CALENDAR_TOKENS.Reminders) private readonly reminders: ReminderRepository,
    @inject(CalendarReconcile) private readonly reconcile: CalendarReconcile,
  ) {}

  async execute(command: RemoveCalendar): Promise<void> {
    await this.uow.run(async (tx) => {
      const calendar = await ownedCalendar(
        this.calendars,
        tx,
        command.recipientId,
        command.calendarId,
      );
      await this.reminders.lockPlan(tx);
      const had = (await this.reminders.ofCalendar(tx, calendar.id)).length > 0;
      await this.calendars.remove(tx, calendar.id);
      if (had) {
        await this.reconcile.run(tx);
      }
    });
  }
}
