import { expect, type Locator, type Page } from '@playwright/test';

/** The unified inbox (/messaging): conversation list, thread and composer. */
export class MessagingPage {
  constructor(private readonly page: Page) {}

  conversations(): Locator {
    return this.page.getByRole('region', { name: 'Conversations' });
  }

  thread(): Locator {
    return this.page.getByRole('region', { name: 'Conversation', exact: true });
  }

  conversationLink(name: string): Locator {
    return this.conversations().getByRole('link', { name: new RegExp(name) });
  }

  message(text: string): Locator {
    return this.thread().getByRole('listitem').filter({ hasText: text });
  }

  async openConversationMenu(name: string) {
    await this.conversations()
      .getByRole('button', { name: `Actions for the conversation with ${name}` })
      .click();
  }

  async chooseFilter(label: string) {
    await this.conversations()
      .getByRole('button', { name: /^Filter/ })
      .click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  composer(): Locator {
    return this.thread().getByRole('textbox', { name: 'Write a message...' });
  }

  async expectOpened(name: string) {
    await expect(this.thread().getByRole('heading', { level: 2, name })).toBeVisible();
  }
}
