import { expect, type Page } from '@playwright/test';
import { expectAccessible } from '../support/axe.ts';

/** The development mailbox of the embedded mail outbox (/dev/mailbox). */
export class DevMailboxPage {
  constructor(private readonly page: Page) {}

  /** Opens the mailbox and answers the invitation link of the newest e-mail to this address. */
  async invitationLinkFor(email: string): Promise<string> {
    await this.page.goto('/dev/mailbox');
    const mail = this.page.getByRole('article').filter({ hasText: email }).first();
    await expect(mail).toBeVisible();
    const link = mail.getByRole('link', { name: /invitation_callback/ });
    const href = await link.getAttribute('href');
    if (!href) throw new Error(`no invitation link mailed to ${email}`);
    return href;
  }
}

/** /team/members and its dialogs. */
export class TeamMembersPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/team/members');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  }

  row(email: string) {
    return this.page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email });
  }

  async invite(email: string) {
    await this.page.getByRole('button', { name: 'Invite new member' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite new member' });
    await expect(dialog).toContainText('Onboard your team member by sending an invite');
    await dialog.getByRole('button', { name: 'Invite member' }).click();
    await expect(dialog).toContainText('Please enter email');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Invite member' }).click();
    await expect(dialog).toBeHidden();
  }

  async rename(email: string, nickname: string) {
    await this.page.getByRole('button', { name: `Edit contact name of ${email}` }).click();
    const field = this.page.getByLabel(`Contact name of ${email}`);
    await field.fill(nickname);
    await field.press('Enter');
  }

  async signInAs(email: string) {
    await this.page.getByRole('button', { name: `Sign in as ${email}` }).click();
  }

  async remove(email: string) {
    await this.page.getByRole('button', { name: `Remove ${email}` }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Remove member' });
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(dialog).toBeHidden();
  }
}

/** The member-session banner under the header. */
export class ImpersonationBanner {
  constructor(private readonly page: Page) {}

  region() {
    return this.page.getByRole('region', { name: 'Member session' });
  }

  async stop() {
    await this.region().getByRole('button', { name: 'Stop session' }).click();
    await expect(this.region()).toBeHidden();
  }

  /** axe-core on the whole page as it is now: no violations. */
  async expectAccessible() {
    await expectAccessible(this.page);
  }
}

/** /team/statistics: the team campaigns table (seed 001 §2). */
export class TeamStatisticsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/team/statistics');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  }

  table() {
    return this.page.getByRole('table', { name: 'Team campaigns' });
  }

  /** The campaign names in the table's order. */
  async names(): Promise<string[]> {
    await expect(this.table().getByLabel('Loading team campaigns')).toHaveCount(0);
    const rows = this.table().locator('tbody tr');
    return rows.evaluateAll((elements) =>
      elements.map((row) => row.querySelector('td:nth-child(2) p')?.textContent ?? ''),
    );
  }

  async sortBy(column: string) {
    await this.table().getByRole('button', { name: column }).click();
  }

  async filterStatus(label: string) {
    await this.page.getByRole('combobox', { name: 'Status' }).click();
    await this.page.getByRole('option', { name: label }).click();
    await this.page.keyboard.press('Escape');
  }

  async showCampaigns(label: string) {
    await this.page.getByRole('combobox', { name: 'Show Campaigns' }).click();
    await this.page.getByRole('option', { name: label }).click();
  }

  tags() {
    return this.page.getByLabel('Applied filters');
  }

  /** Clicks the export button and answers the downloaded CSV's text. */
  async exportCsv(button: string | RegExp): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.getByRole('button', { name: button }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    return readFile(file, 'utf8');
  }

  /** Presses Enter on the focused export button and answers the downloaded CSV's text. */
  async exportCsvByKeyboard(): Promise<string> {
    const download = this.page.waitForEvent('download');
    await this.page.keyboard.press('Enter');
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    return readFile(file, 'utf8');
  }
}
