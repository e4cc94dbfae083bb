export * from './clock.ts';
export * from './daily-limits.ts';
export * from './timezones.ts';
export * from './working-hours.ts';
export * from './import-urls/parse-import-url.ts';
