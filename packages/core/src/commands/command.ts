/**
 * Base of every command. `TResult` is the handler's result type; it exists only for the type
 * checker (the bus's `dispatch` returns it). Subclasses declare a stable routing name:
 *
 * ```ts
 * export class SendNotification extends Command<NotificationView> {
 *   static readonly type = 'notifications.send';
 * }
 * ```
 */
export abstract class Command<TResult = void> {
  /** Phantom marker carrying the result type; never set. */
  declare readonly __result?: TResult;
}

/** Result type a command declares. */
export type ResultOf<C> = C extends Command<infer R> ? R : never;

/** A command class: constructible from nothing (class-transformer fills it) with a stable type. */
export interface CommandClass<C extends Command<unknown> = Command<unknown>> {
  new (): C;
  readonly type: string;
}

/** Handles one command type. `execute` loads, calls the aggregate, saves, returns. */
export interface CommandHandler<C extends Command<unknown> = Command<unknown>> {
  execute(command: C): Promise<ResultOf<C>>;
}

/** A handler class that names the command it handles (no decorator, no global registry). */
export interface CommandHandlerClass<C extends Command<unknown> = Command<unknown>> {
  new (...args: never[]): CommandHandler<C>;
  readonly handles: CommandClass<C>;
}
