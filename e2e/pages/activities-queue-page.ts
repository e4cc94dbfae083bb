import type { Page } from '@playwright/test';

/** /activities-queue: the table of queued activities, its banners and row menus. */
export class ActivitiesQueuePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/activities-queue');
  }

  rows() {
    return this.page.getByTestId('queue-row');
  }

  row(name: string) {
    return this.rows().filter({ hasText: name });
  }

  banner(text: string) {
    return this.page.getByRole('alert').filter({ hasText: text });
  }

  /** A row's actions button, which opens its menu. */
  rowActions(name: string) {
    return this.page.getByRole('button', { name: `Actions for ${name}`, exact: true });
  }

  rowMenu() {
    return this.page.getByRole('menu');
  }
}
