import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { ContactsImportWizard } from '../pages/contacts-import-wizard.ts';
import { ContactsPage } from '../pages/contacts-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { createAccountWithContacts } from '../support/contacts-accounts.ts';
import { signInAt } from '../support/sign-in.ts';

const fixture = (name: string) =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', name);

type Facet = { id: string; name: string };
type Facets = {
  locations: Facet[];
  companies: Facet[];
  groups: (Facet & { url: string })[];
  events: (Facet & { url: string })[];
};
type SearchAnswer = { total: number; reachable: number; elements: { publicIdentifier: string | null }[] };

const list = (...items: string[]) => encodeURIComponent(JSON.stringify(items));
const peopleSearch = (query: string) =>
  `https://www.linkedin.com/search/results/people/?${query}&origin=FACETED_SEARCH`;

/**
 * Searches of one company in one city, built from the sandbox facets, each link as `linkOf` writes
 * it: such a search finds a handful of people.
 */
async function* companyInCitySearches(page: Page, linkOf: (companyId: string, cityId: string) => string) {
  const facets = (await (await page.request.get('/sandbox/api/search/facets')).json()) as Facets;
  for (const company of facets.companies) {
    // Cities come after the countries.
    for (const location of facets.locations.slice(-12)) yield linkOf(company.id, location.id);
  }
}

/** A people search of the sandbox with a handful of results. */
async function findSmallSearch(page: Page): Promise<{ url: string; total: number; identifiers: string[] }> {
  const searches = companyInCitySearches(page, (company, city) =>
    peopleSearch(`currentCompany=${list(company)}&geoUrn=${list(city)}`),
  );
  for await (const url of searches) {
    const answer = await page.request.get('/sandbox/api/search/people', { params: { url, count: 10 } });
    if (!answer.ok()) continue;
    const found = (await answer.json()) as SearchAnswer;
    const identifiers = found.elements.flatMap((hit) => (hit.publicIdentifier ? [hit.publicIdentifier] : []));
    if (found.reachable >= 2 && found.reachable <= 40 && identifiers.length >= 2) {
      return { url, total: found.reachable, identifiers };
    }
  }
  throw new Error('No small people search in the sandbox facets');
}

test('imports from a network search URL and from pasted profile URLs', async ({ page, request }) => {
  const account = await createAccountWithContacts(request, 'import-url', 0);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const wizard = new ContactsImportWizard(page);
  await expect(page.getByText('5 minutes guide on how to launch your first campaign')).toBeVisible();
  const search = await findSmallSearch(page);

  await contacts.expectAccessible();
  await contacts.openImportWizard();
  await wizard.expectStep(1);
  await expect(wizard.dialog().getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.expectAccessible();
  await wizard.chooseSource('Basic network search');
  await wizard.expectStep(2);
  await wizard.enterUrl('Basic network search', 'https://www.linkedin.com/feed/');
  await expect(wizard.dialog().getByText('Check your link and try again')).toBeVisible();
  await expect(wizard.dialog().getByRole('button', { name: 'Next' })).toBeDisabled();
  await wizard.enterUrl('Basic network search', search.url);
  await expect(wizard.dialog().getByText(/^\d+ profiles found$/)).toBeVisible();
  await wizard.expectAccessible();
  await wizard.next();
  await wizard.expectStep(3);
  await wizard.expectCompleted();
  await expect(wizard.dialog().getByText(/^\d+ profiles were uploaded$/)).toBeVisible();
  await wizard.expectAccessible();
  await wizard.showResults();
  await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
  await expect(contacts.rows().first()).toBeVisible();
  await expect(contacts.recentImports()).toBeVisible();
  await contacts.expectAccessible();

  // Pasted profile URLs: two members of the same search, one of them twice.
  await page.goto('/contacts');
  await contacts.openImportWizard();
  await wizard.chooseSource('Upload profile URLs');
  const [first = '', second = ''] = search.identifiers;
  await wizard.pasteProfileUrls(
    [first, second, first].map((id) => `https://www.linkedin.com/in/${id}/`).join('\n'),
  );
  await expect(wizard.dialog().getByText('2 profiles found')).toBeVisible();
  await wizard.expectAccessible();
  await wizard.next();
  await wizard.expectCompleted();
  await wizard.showResults();
  await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
  await expect(contacts.rows()).toHaveCount(2);
});

test('imports contact files of several real-world shapes', async ({ page, request }) => {
  // Four imports one after another, each parsed off the server's main thread: on CI's two loaded
  // cores this took just over the default minute.
  test.setTimeout(120_000);
  const account = await createAccountWithContacts(request, 'import-csv', 0);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const wizard = new ContactsImportWizard(page);

  await contacts.openImportWizard();
  await wizard.chooseSource('Upload customized profiles');
  await expect(wizard.dialog().getByRole('button', { name: 'Download CSV example' })).toBeVisible();
  await wizard.expectAccessible();
  // 'Browse files' is a button a keyboard opens: Enter on it brings up the file chooser.
  const browse = wizard.dialog().getByRole('button', { name: 'Browse files' });
  await browse.focus();
  const choosing = page.waitForEvent('filechooser');
  await browse.press('Enter');
  await choosing;
  await wizard.chooseFile(fixture('other-product-connections.csv'));
  await expect(wizard.dialog().getByText('This file is not Outpilot csv file')).toBeVisible();

  await wizard.chooseFile(fixture('semicolon-with-sep-line.csv'));
  await expect(wizard.dialog().getByText('Well done!')).toBeVisible();
  await expect(wizard.dialog().getByText('3 profiles found')).toBeVisible();
  await wizard.expectAccessible();
  await wizard.dialog().getByRole('button', { name: 'Upload' }).click();
  await wizard.expectCompleted();
  await expect(wizard.dialog().getByText('3 profiles were uploaded')).toBeVisible();
  await wizard.showResults();
  await expect(contacts.rows()).toHaveCount(3);
  await expect(contacts.row('Cleo Semicolon')).toBeVisible();

  for (const [file, name] of [
    ['utf16-bom-tab.csv', 'Hana Sato'],
    ['windows-1252.csv', 'José Müller'],
  ] as const) {
    await page.goto('/contacts');
    await contacts.openImportWizard();
    await wizard.chooseSource('Upload customized profiles');
    await wizard.chooseFile(fixture(file));
    await expect(wizard.dialog().getByText('2 profiles found')).toBeVisible();
    await wizard.dialog().getByRole('button', { name: 'Upload' }).click();
    await wizard.expectCompleted();
    await wizard.showResults();
    await expect(contacts.row(name)).toBeVisible();
  }

  await page.goto('/contacts');
  await contacts.expectTotal('7 contacts');
  await expect(contacts.recentImports().getByRole('link')).toHaveCount(3);
});

/** How many members a search link reaches for the browser's sandbox member; null when it finds nobody. */
async function reachableBy(page: Page, url: string): Promise<number | null> {
  const answer = await page.request.get('/sandbox/api/search/people', { params: { url, count: 1 } });
  return answer.ok() ? ((await answer.json()) as SearchAnswer).reachable : null;
}

/** How many of those are visible: the import uploads them and skips the "LinkedIn Member" rows. */
async function visibleIn(page: Page, url: string, reachable: number): Promise<number> {
  let visible = 0;
  for (let start = 0; start < reachable; start += 50) {
    const answer = await page.request.get('/sandbox/api/search/people', {
      params: { url, start, count: 50 },
    });
    const found = (await answer.json()) as SearchAnswer;
    visible += found.elements.filter((hit) => hit.publicIdentifier !== null).length;
  }
  return visible;
}

/** A country search the sandbox user reaches 200-400 members of: 8-16 pages, several seconds of import. */
async function findCountrySearch(page: Page) {
  const facets = (await (await page.request.get('/sandbox/api/search/facets')).json()) as Facets;
  for (const location of facets.locations) {
    const url = peopleSearch(`geoUrn=${list(location.id)}`);
    const reachable = await reachableBy(page, url);
    if (reachable === null || reachable < 200 || reachable > 400) continue;
    return { url, reachable, visible: await visibleIn(page, url, reachable) };
  }
  throw new Error('No country search of 200-400 members in the sandbox facets');
}

test('a URL import interrupted by a page reload resumes where it stopped and completes with the right counts', async ({
  page,
  request,
}) => {
  const account = await createAccountWithContacts(request, 'import-reload', 0);
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const wizard = new ContactsImportWizard(page);
  const search = await findCountrySearch(page);

  await contacts.openImportWizard();
  await wizard.chooseSource('Basic network search');
  await wizard.enterUrl('Basic network search', search.url);
  await expect(wizard.dialog().getByText(`${search.reachable} profiles found`)).toBeVisible();
  await wizard.next();
  // Some pages are in, most are not: the run is mid-way.
  const progress = wizard.dialog().getByTestId('import-progress');
  await expect(progress).toHaveText(new RegExp(`^Processed [1-9]\\d* / ${search.reachable}$`));
  const processedBeforeReload = Number(/Processed (\d+)/.exec((await progress.textContent()) ?? '')?.[1]);

  // The page's agent dies with the page; the reloaded page's agent picks the run up from its storage.
  const searchStartsAfterReload: number[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/sandbox/api/search/people')
      searchStartsAfterReload.push(Number(url.searchParams.get('start')));
  });
  await page.reload();
  await new ShellPage(page).expectLoaded();
  await contacts.openImportWizard();
  await wizard.expectStep(3);
  await wizard.expectCompleted();
  await expect(wizard.dialog().getByText(`${search.visible} profiles were uploaded`)).toBeVisible();
  await expect(
    wizard
      .dialog()
      .getByText(
        `${search.reachable - search.visible} profiles are invisible or duplicates and were skipped.`,
      ),
  ).toBeVisible();
  // It read on from the first page not uploaded, never from the start again.
  expect(searchStartsAfterReload.length).toBeGreaterThan(0);
  expect(Math.min(...searchStartsAfterReload)).toBeGreaterThanOrEqual(processedBeforeReload);

  await wizard.showResults();
  await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
  await contacts.expectTotal(`${search.visible} contacts`);
  // One list: the resumed run went on in the list it had opened.
  await expect(contacts.recentImports().getByRole('link')).toHaveCount(1);
});

type LinkSearch = { url: string; reachable: number; visible: number };

/** The smallest group or event of the sandbox with at least two members this user reaches. */
async function findSmallestCommunity(page: Page, communities: { url: string }[]): Promise<LinkSearch> {
  let smallest: { url: string; reachable: number } | undefined;
  for (const { url } of communities) {
    const reachable = await reachableBy(page, url);
    if (reachable !== null && reachable >= 2 && (!smallest || reachable < smallest.reachable))
      smallest = { url, reachable };
  }
  if (!smallest) throw new Error('No community with members in the sandbox facets');
  return { ...smallest, visible: await visibleIn(page, smallest.url, smallest.reachable) };
}

/** A Sales Navigator search (as LinkedIn writes its query) with a handful of leads. */
async function findSmallSalesNavigatorSearch(page: Page): Promise<LinkSearch> {
  const searches = companyInCitySearches(page, (company, city) => {
    const filters = `List((type:CURRENT_COMPANY,values:List((id:${company}))),(type:REGION,values:List((id:${city}))))`;
    return `https://www.linkedin.com/sales/search/people?query=${encodeURIComponent(`(filters:${filters})`)}`;
  });
  for await (const url of searches) {
    const reachable = await reachableBy(page, url);
    if (reachable !== null && reachable >= 2 && reachable <= 40)
      return { url, reachable, visible: await visibleIn(page, url, reachable) };
  }
  throw new Error('No small Sales Navigator search in the sandbox facets');
}

/**
 * Signs this browser in to the sandbox network as a member with (or without) Sales Navigator: the
 * member an e-mail stands for is fixed by the seed, so probe e-mails are tried until one fits.
 */
async function signInToSandboxAs(page: Page, { hasSalesNavigator }: { hasSalesNavigator: boolean }) {
  for (let probe = 0; probe < 60; probe += 1) {
    const answer = await page.request.post('/sandbox/api/session', {
      data: { email: `sales-navigator-probe-${probe}@example.com` },
    });
    const { profile } = (await answer.json()) as { profile: { hasSalesNavigator: boolean } };
    if (profile.hasSalesNavigator === hasSalesNavigator) return;
  }
  throw new Error(`No sandbox member with hasSalesNavigator=${hasSalesNavigator} among the probes`);
}

test('imports event attendees, group members and a Sales Navigator search, which needs a subscription', async ({
  page,
  request,
}) => {
  // Three imports run one after another here, each paced like a person reading the pages.
  test.setTimeout(120_000);
  // Sales Navigator imports are a Pro feature.
  const account = await createAccountWithContacts(request, 'import-links', 0, { plan: 'pro' });
  await signInAt(page, '/contacts', account);
  const contacts = new ContactsPage(page);
  const wizard = new ContactsImportWizard(page);
  const facets = (await (await page.request.get('/sandbox/api/search/facets')).json()) as Facets;

  const importLink = async (source: string, search: LinkSearch) => {
    await page.goto('/contacts');
    await contacts.openImportWizard();
    await wizard.chooseSource(source);
    await wizard.enterUrl(source, search.url);
    await expect(wizard.dialog().getByText(`${search.reachable} profiles found`)).toBeVisible();
    await wizard.next();
    await wizard.expectCompleted();
    await expect(wizard.dialog().getByText(`${search.visible} profiles were uploaded`)).toBeVisible();
    await wizard.showResults();
    await expect(page).toHaveURL(/\/contacts\/import\/[0-9a-f-]{36}$/);
    await contacts.expectTotal(`${search.visible} contacts`);
  };

  // A group link in the events field is refused before any count.
  await contacts.openImportWizard();
  await wizard.chooseSource('Event attendees');
  await wizard.enterUrl('Event attendees', facets.groups[0]?.url ?? '');
  await expect(wizard.dialog().getByText('Check your link and try again')).toBeVisible();
  await expect(wizard.dialog().getByRole('button', { name: 'Next' })).toBeDisabled();

  await importLink('Event attendees', await findSmallestCommunity(page, facets.events));
  await importLink('Group members', await findSmallestCommunity(page, facets.groups));

  await signInToSandboxAs(page, { hasSalesNavigator: true });
  const salesSearch = await findSmallSalesNavigatorSearch(page);
  await signInToSandboxAs(page, { hasSalesNavigator: false });
  await page.goto('/contacts');
  await contacts.openImportWizard();
  await wizard.chooseSource('Sales Navigator search');
  await wizard.enterUrl('Sales Navigator search', salesSearch.url);
  await expect(
    wizard
      .dialog()
      .getByText("This import requires active Sales Navigator subscription, looks like you don't have it."),
  ).toBeVisible();
  await expect(wizard.dialog().getByRole('button', { name: 'Next' })).toBeDisabled();

  await signInToSandboxAs(page, { hasSalesNavigator: true });
  await importLink('Sales Navigator search', salesSearch);
  await page.goto('/contacts');
  await expect(contacts.recentImports().getByRole('link')).toHaveCount(3);
});
