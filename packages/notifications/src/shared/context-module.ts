import { type BoundedContextDefinition } from '@tickler/core';
import { ContainerModule, type ContainerModuleLoadOptions } from 'inversify';

/** The container's `bind`, as a module's registration gets it. */
export type Bind = ContainerModuleLoadOptions['bind'];

/** What a context contributes besides its name and migrations. */
export type ContextParts = Omit<BoundedContextDefinition, 'name' | 'migrations'>;

/**
 * One module of the notifications context (delivery, profile, series, channels): its bindings
 * and what it contributes to the context's registration. A module's file is the one place that
 * registers its use cases and adapters; the context file only lists the modules.
 */
export interface ContextModule extends Omit<ContextParts, 'bindings'> {
  /** Binds the module's services, its own ports' adapters and the other modules' ports it implements. */
  bind(bind: Bind): void;
}

/** The modules' parts joined into one registration (bindings in the modules' order). */
export function joinModules(modules: readonly ContextModule[]): ContextParts {
  return {
    bindings: new ContainerModule(({ bind }) => {
      for (const module of modules) {
        module.bind(bind);
      }
    }),
    commands: modules.flatMap((m) => m.commands ?? []),
    events: modules.flatMap((m) => m.events ?? []),
    policies: modules.flatMap((m) => m.policies ?? []),
    jobs: modules.flatMap((m) => m.jobs ?? []),
    claims: modules.flatMap((m) => m.claims ?? []),
  };
}
