/** The admin token in force (read on every request, so it can change while running). */
export interface AdminTokenSource {
  current(): string;
}
