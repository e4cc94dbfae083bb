import { expect, test } from '@playwright/test';
import { DevelopmentIdentityProviderPage } from '../pages/development-identity-provider-page.ts';
import { OnboardingPage } from '../pages/onboarding-page.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { uniqueEmail } from '../support/accounts.ts';

test('a new user links the account, picks a timezone and working hours, and lands on /contacts', async ({
  page,
}) => {
  const email = uniqueEmail('onboarding');
  const onboarding = new OnboardingPage(page);
  await page.goto('/');
  await onboarding.expectSignInStep();
  await onboarding.expectAccessible();
  await onboarding.startSignIn();
  await new DevelopmentIdentityProviderPage(page).signIn(email, 'Nora Newcomer');

  // Step 3: the browser is signed in to the sandbox as the member chosen for this e-mail.
  await onboarding.expectLinkAccountStep();
  await expect(page.getByText(email)).toBeVisible();
  await onboarding.expectAccessible();
  await onboarding.linkAccount();

  // Linking reloads the page on /contacts, where the gate asks for the timezone; a reload resumes it.
  await expect(page).toHaveURL(/\/contacts$/);
  await onboarding.expectTimezoneStep();
  await page.reload();
  await onboarding.expectTimezoneStep();
  await onboarding.expectAccessible();
  await onboarding.chooseTimezone('GMT+02:00');

  await onboarding.expectWorkingHoursStep('GMT+02:00');
  await page.reload();
  await onboarding.expectWorkingHoursStep('GMT+02:00');

  const editor = onboarding.workingHours;
  await expect(editor.day('Monday')).toBeChecked();
  await expect(editor.day('Saturday')).not.toBeChecked();
  await expect(editor.range('Monday')).toHaveValue('09:00-19:00');
  await expect(onboarding.acceptButton()).toBeEnabled();
  await onboarding.expectAccessible();

  await editor.setRange('Monday', '');
  await editor.expectError('Input the time');
  await onboarding.expectAccessible();
  await expect(onboarding.acceptButton()).toBeDisabled();
  await editor.setRange('Monday', '10:00-09:00');
  await editor.expectError('Invalid interval format');
  await expect(onboarding.acceptButton()).toBeDisabled();
  await editor.setRange('Monday', '06:00-23:00');
  await editor.expectError("Total interval can't exceed 12 hours");
  await expect(onboarding.acceptButton()).toBeDisabled();
  await editor.setRange('Monday', '08:00-17:00');
  await expect(onboarding.acceptButton()).toBeEnabled();

  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await editor.day(day).uncheck();
  await expect(page.getByText('At least one day must be selected')).toBeVisible();
  await expect(onboarding.acceptButton()).toBeDisabled();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) await editor.day(day).check();
  await expect(onboarding.acceptButton()).toBeEnabled();

  await onboarding.finish();
  await expect(page).toHaveURL(/\/contacts$/);
  await new ShellPage(page).expectLoaded();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await onboarding.expectAccessible();
});
