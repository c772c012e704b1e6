import { AxeBuilder } from '@axe-core/playwright';
import { type Page } from 'playwright-core';

/** axe's serious and critical findings on the page as it is, each with the nodes it names. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
