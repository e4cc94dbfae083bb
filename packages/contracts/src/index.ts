export * from './auth.ts';
export * from './bridge.ts';
export * from './client-config.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './logs.ts';
export * from './network.ts';
export * from './paths.ts';
