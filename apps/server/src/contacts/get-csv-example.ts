import { csvExample, csvExampleFileName } from '@outpilot/domain';

/** GET contacts/csv-example: the template file, with the BOM our exports carry. */
export function getCsvExample(): { fileName: string; content: string } {
  return { fileName: csvExampleFileName, content: csvExample() };
}
