import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { acceptedAsIs } from './accepted-as-is';
import { payloadLimitProblems } from './payload-limits';
import { type Command, type CommandClass, type CommandHandler, type ResultOf } from './command';
import {
  CommandValidationError,
  type FieldProblem,
  flattenValidationErrors,
} from './validation.error';

/** No handler is registered for a command type (a wiring bug, not user input). */
export class UnknownCommandError extends Error {
  constructor(readonly commandType: string) {
    super(`no handler registered for command "${commandType}"`);
    this.name = 'UnknownCommandError';
  }
}

interface Route {
  readonly commandClass: CommandClass;
  readonly handler: () => CommandHandler;
}

/**
 * Routes commands by their static `type` to one handler each, validating with class-validator
 * first (unknown properties are rejected, not silently dropped).
 */
export class CommandBus {
  private readonly routes = new Map<string, Route>();

  register<C extends Command<unknown>>(
    commandClass: CommandClass<C>,
    handler: () => CommandHandler<C>,
  ): void {
    if (this.routes.has(commandClass.type)) {
      throw new Error(`command "${commandClass.type}" already has a handler`);
    }
    this.routes.set(commandClass.type, { commandClass, handler });
  }

  /** Validates and runs a command instance. */
  async dispatch<C extends Command<unknown>>(command: C): Promise<ResultOf<C>> {
    // From the prototype: an own field named `constructor` must not reroute the command (it is
    // refused below as an unknown field).
    const type = ((Object.getPrototypeOf(command) as object).constructor as CommandClass).type;
    const route = this.route(type);
    checkLimits(route.commandClass, command);
    // An instance of the routed class that class-validator would accept and class-transformer
    // would only copy goes straight to the handler (nested entries may then be plain objects of
    // their declared shape). Anything else is rebuilt through class-transformer like plain data,
    // so nested values assigned as plain objects get their `@Type` classes, and validated by
    // class-validator, which lists every problem.
    if (acceptedAsIs(route.commandClass, command)) {
      return (await route.handler().execute(command)) as ResultOf<C>;
    }
    const normalised = toCommand(route.commandClass, command);
    await validateCommand(type, normalised);
    return (await route.handler().execute(normalised)) as ResultOf<C>;
  }

  /**
   * Builds a command from plain data (a queue row's payload, an HTTP body) and dispatches it.
   * The plain data is validated exactly like a constructed command.
   */
  async dispatchPlain(type: string, payload: unknown): Promise<unknown> {
    const route = this.route(type);
    checkLimits(route.commandClass, payload);
    const flat = flatCommand(route.commandClass, payload);
    if (flat !== undefined) {
      return route.handler().execute(flat);
    }
    const command = toCommand(route.commandClass, payload);
    await validateCommand(type, command);
    return route.handler().execute(command);
  }

  /**
   * Only the size checks {@link dispatchPlain} starts with (array entries, nesting depth), for a
   * boundary that must look at the payload before it does per-entry work of its own.
   */
  checkPlain(type: string, payload: unknown): void {
    checkLimits(this.route(type).commandClass, payload);
  }

  /** Builds a validated command instance from plain data without running it. */
  async build<C extends Command<unknown>>(
    commandClass: CommandClass<C>,
    payload: unknown,
  ): Promise<C> {
    checkLimits(commandClass, payload);
    const command = toCommand(commandClass, payload);
    await validateCommand(commandClass.type, command);
    return command;
  }

  has(type: string): boolean {
    return this.routes.has(type);
  }

  private route(type: string): Route {
    const route = this.routes.get(type);
    if (!route) {
      throw new UnknownCommandError(type);
    }
    return route;
  }
}

/** Refuses a payload whose arrays or nesting break the command's limits, before any per-entry work. */
function checkLimits(commandClass: CommandClass, payload: unknown): void {
  const problems = payloadLimitProblems(commandClass, payload);
  if (problems.length > 0) {
    throw new CommandValidationError(commandClass.type, problems);
  }
}

/**
 * The HTTP fast path: a plain object whose values are all primitives (a typical JSON body)
 * needs no class-transformer pass: class-transformer would build the class and copy the values
 * unchanged, which {@link acceptedAsIs} checks field by field (it refuses any field it would
 * convert, and any unknown or Object.prototype-named key). Undefined: take the ordinary path.
 */
function flatCommand<C extends Command<unknown>>(
  commandClass: CommandClass<C>,
  payload: unknown,
): C | undefined {
  if (
    payload === null ||
    typeof payload !== 'object' ||
    Object.getPrototypeOf(payload) !== Object.prototype
  ) {
    return undefined;
  }
  for (const value of Object.values(payload)) {
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
      return undefined;
    }
  }
  const command = Object.assign(new commandClass(), payload);
  return acceptedAsIs(commandClass, command) ? command : undefined;
}

function toCommand<C extends Command<unknown>>(commandClass: CommandClass<C>, payload: unknown): C {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    throw new CommandValidationError(commandClass.type, [
      { path: '', message: 'must be a JSON object' },
    ]);
  }
  const command = plainToInstance(commandClass, payload);
  // class-transformer silently skips keys named like Object.prototype members (`constructor`,
  // `toString`, `hasOwnProperty`…), so class-validator never sees them: refuse them here like
  // any other unknown property instead of accepting the request without them.
  const dropped: FieldProblem[] = [];
  droppedKeys(payload, command, '', dropped);
  if (dropped.length > 0) {
    throw new CommandValidationError(commandClass.type, dropped);
  }
  return command;
}

function droppedKeys(plain: unknown, built: unknown, prefix: string, out: FieldProblem[]): void {
  if (plain === null || typeof plain !== 'object' || built === null || typeof built !== 'object') {
    return;
  }
  for (const [key, value] of Object.entries(plain)) {
    if (value === undefined) {
      continue;
    }
    const path = prefix === '' ? key : `${prefix}.${key}`;
    if (!Object.hasOwn(built, key)) {
      out.push({ path, message: `property ${key} should not exist` });
    } else {
      droppedKeys(value, (built as Record<string, unknown>)[key], path, out);
    }
  }
}

async function validateCommand(type: string, command: object): Promise<void> {
  // Built by class-transformer from plain data: still accepted without class-validator's
  // per-object metadata walk when every constraint passes (see acceptedAsIs).
  const commandClass = (Object.getPrototypeOf(command) as object).constructor as CommandClass;
  if (acceptedAsIs(commandClass, command)) {
    return;
  }
  const errors = await validate(command, {
    whitelist: true,
    forbidNonWhitelisted: true,
    // Off on purpose: it rejects any object whose class has no decorated property, which
    // would make a field-less command (most jobs) impossible to run. Unknown data is still
    // refused: with `whitelist` + `forbidNonWhitelisted` every property without a decorator
    // (including every key of an undecorated nested object) is an error.
    forbidUnknownValues: false,
    validationError: { target: false, value: false },
  });
  if (errors.length > 0) {
    const { problems, omitted } = flattenValidationErrors(errors);
    throw new CommandValidationError(type, problems, omitted);
  }
}
