// Entry of the CSV parsing worker thread. Plain JavaScript so it starts the same under tsx
// (npm start), Vitest and a bare node: it registers tsx's loader, then runs the TypeScript job.
import { register } from 'tsx/esm/api';

register();
await import('./parse-csv-job.ts');
