/**
 * The admin token in force, asked on every admin check so it can change while running;
 * undefined while there is none (an unusable token file: fail closed).
 */
export interface AdminTokenSource {
  current(): string | undefined;
}
