import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on the whole page as the user sees it now (shell, screen, open dialogs and menus):
 * no violations. Each names its rule and the elements, so a failure says what to fix.
 */
export async function expectAccessible(page: Page) {
  // Mid-transition (a menu fading out, a tooltip fading in) colours and landmarks are not what
  // the user ends up seeing: wait for the transitions to end (spinners turn forever).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  // A tooltip (role tooltip, shown while the pointer or focus is on its trigger) is portaled to
  // the body, outside every landmark; its text is the trigger's description, not page content.
  const results = await new AxeBuilder({ page }).exclude('[role="tooltip"]').analyze();
  const found = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`).join('; ')}`,
  );
  expect(found).toEqual([]);
}
