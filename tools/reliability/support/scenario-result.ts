/** A figure a scenario prints and the torture table records (counts, or short text). */
export type Figures = Record<string, number | string>;

/** What one scenario run measured and which invariants it found broken. */
export interface ScenarioResult {
  /** Scenario number in issue 6 (1–9). */
  readonly id: number;
  readonly name: string;
  readonly figures: Figures;
  /** Broken invariants, each a sentence with the evidence; empty when the scenario passed. */
  readonly violations: string[];
  /** How the scenario had to adapt to the machine (e.g. no tmpfs), if at all. */
  readonly notes?: string[];
}

/** Collects violations with their evidence; caps the list so a systemic failure stays readable. */
export class Violations {
  readonly list: string[] = [];
  private dropped = 0;

  check(ok: boolean, message: () => string): void {
    if (ok) {
      return;
    }
    if (this.list.length < 50) {
      this.list.push(message());
    } else {
      this.dropped++;
    }
  }

  done(): string[] {
    return this.dropped > 0 ? [...this.list, `… and ${this.dropped} more`] : this.list;
  }
}

/** One line per figure, as the torture run prints it. */
export function formatResult(result: ScenarioResult): string {
  const figures = Object.entries(result.figures)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  const verdict = result.violations.length === 0 ? 'PASS' : `FAIL (${result.violations.length})`;
  return `[${result.id}] ${result.name}: ${verdict} ${figures}`;
}
