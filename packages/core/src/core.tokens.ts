/** DI tokens of the kernel's services. */
export const CORE_TOKENS = {
  Clock: Symbol.for('core.Clock'),
  IdGenerator: Symbol.for('core.IdGenerator'),
  Database: Symbol.for('core.Database'),
  UnitOfWork: Symbol.for('core.UnitOfWork'),
  CommandQueue: Symbol.for('core.CommandQueue'),
  CommandBus: Symbol.for('core.CommandBus'),
  EventBus: Symbol.for('core.EventBus'),
  Logger: Symbol.for('core.Logger'),
  /** This running instance's id (a string): what its claims carry. */
  InstanceId: Symbol.for('core.InstanceId'),
} as const;
