import { expect, type Locator, type Page } from '@playwright/test';

type FocusState = { name: string; indicator: string; checkId: string | null };

/**
 * The focused element, read in one round trip: what a screen reader would announce (its label,
 * else its text), how it shows it has focus ('none' when it does not) and its mark from
 * expectEveryControlReached. The focus shows as an outline (the theme's ring), or for a text field
 * as the focused state of its box (MUI draws a thicker coloured border or underline around the
 * input; the input itself has no outline). A checkbox's input is invisible: its ring is drawn on
 * the box around it.
 */
function readFocus(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { name: element?.textContent?.trim() ?? '', indicator: 'none', checkId: null };
    const labelledBy = element.getAttribute('aria-labelledby');
    const labelled = labelledBy
      ? labelledBy
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
      : null;
    // A label pointing at it, else the label around it (a switch or checkbox in its FormControlLabel).
    const label =
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.closest('label')?.textContent ??
      null;
    const name = (element.getAttribute('aria-label') ?? labelled ?? label ?? element.textContent ?? '')
      .replace(/\s*\*$/, '')
      .trim();
    let indicator: string;
    const field = element.closest('.MuiInputBase-root');
    if (field && element.matches('input:not([type="checkbox"]), textarea, [role="combobox"]'))
      indicator = field.classList.contains('Mui-focused') ? 'field border' : 'none';
    else {
      const shown = element.matches('input[type="checkbox"]') ? element.parentElement : element;
      const style = shown ? getComputedStyle(shown) : null;
      indicator =
        !style || style.outlineStyle === 'none' || style.outlineWidth === '0px' ? 'none' : style.outlineStyle;
    }
    return { name, indicator, checkId: element.dataset.keyboardCheck ?? null };
  });
}

/** What a screen reader would announce for the focused element: its label, else its text. */
export async function focusedName(page: Page): Promise<string> {
  return (await readFocus(page)).name;
}

/**
 * Presses Tab (or Shift+Tab) until the focused element's name is `name`, checking on the way that
 * each focused element shows its focus. Fails when the name is not reached in `limit` presses.
 */
export async function tabTo(
  page: Page,
  name: string | RegExp,
  options: { backwards?: boolean; limit?: number } = {},
) {
  const passed: string[] = [];
  for (let press = 0; press < (options.limit ?? 40); press += 1) {
    await page.keyboard.press(options.backwards ? 'Shift+Tab' : 'Tab');
    const { name: focused, indicator } = await readFocus(page);
    passed.push(focused);
    expect(indicator, `focus ring on '${focused}' (after ${passed.join(' | ')})`).not.toBe('none');
    if (typeof name === 'string' ? focused === name : name.test(focused)) return;
  }
  throw new Error(`Tab never reached '${name}'; it passed: ${passed.join(' | ')}`);
}

/**
 * Tabs from the start of the page to its end and checks that every enabled, visible control inside
 * `area` was focused on the way, each with a visible focus ring. Returns the names in Tab order.
 */
export async function expectEveryControlReached(page: Page, area: Locator, limit = 150) {
  const candidates = await area.evaluate((root) => {
    const selector =
      'a[href], button, input, textarea, select, [tabindex]:not([tabindex="-1"]), [role="combobox"]';
    const found: string[] = [];
    root.querySelectorAll<HTMLElement>(selector).forEach((element, index) => {
      const hidden =
        element.closest('[aria-hidden="true"], [inert]') !== null ||
        (element as HTMLButtonElement).disabled ||
        element.getAttribute('aria-disabled') === 'true' ||
        element.tabIndex < 0 ||
        // Visually hidden inputs (a checkbox's, a select's) are reached through their own box.
        (element.matches('input') && element.getAttribute('aria-hidden') === 'true') ||
        element.getClientRects().length === 0;
      if (hidden) return;
      element.dataset.keyboardCheck = String(index);
      found.push(String(index));
    });
    return found;
  });
  expect(candidates.length).toBeGreaterThan(0);
  const reached = new Set<string>();
  const order: string[] = [];
  for (let press = 0; press < limit && reached.size < candidates.length; press += 1) {
    await page.keyboard.press('Tab');
    const { checkId: id, name, indicator } = await readFocus(page);
    if (id === null || reached.has(id)) continue;
    expect(indicator, `focus ring on '${name}'`).not.toBe('none');
    order.push(name);
    reached.add(id);
  }
  const missed = await area.evaluate(
    (root, reachedIds) =>
      [...root.querySelectorAll<HTMLElement>('[data-keyboard-check]')]
        .filter((element) => !reachedIds.includes(element.dataset.keyboardCheck ?? ''))
        .map((element) => element.getAttribute('aria-label') ?? element.textContent ?? element.outerHTML),
    [...reached],
  );
  expect(missed, `controls Tab never reached (it reached: ${order.join(' | ')})`).toEqual([]);
  await area.evaluate((root) =>
    root.querySelectorAll<HTMLElement>('[data-keyboard-check]').forEach((element) => {
      delete element.dataset.keyboardCheck;
    }),
  );
  return order;
}
