/** Business constants of seed 000 §9. */
export const onboardingStepCount = 5;
export const snackbarAutoHideMs = 5000;
export const tokenExpiryWarningMs = 5 * 60 * 1000;
export const impersonationAutoStopMs = 30 * 1000;
export const chunkLoadTimeoutMs = 120 * 1000;
export const sideMenuNameMaxLength = 24;
