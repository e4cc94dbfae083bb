import { expect, type Locator } from '@playwright/test';

/**
 * Waits until a contacts grid shows the rows its screen asked for: the grid renders a page's rows
 * a moment after the page's answer (the total shows first) and is aria-busy until then.
 */
export async function expectGridSettled(grid: Locator) {
  await expect(grid.getByRole('table')).not.toHaveAttribute('aria-busy', 'true');
}
