import { importTexts } from '@outpilot/contracts';

export type ContactsCsvErrorCode = 'not-outpilot-csv' | 'no-profiles' | 'binary' | 'too-many-rows';

/** A contact file the import refuses; the message is the spec's text, shown as it is. */
export class ContactsCsvError extends Error {
  override readonly name = 'ContactsCsvError';
  readonly code: ContactsCsvErrorCode;

  constructor(code: ContactsCsvErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function notOutpilotCsvError(): ContactsCsvError {
  return new ContactsCsvError('not-outpilot-csv', importTexts.notOutpilotCsv);
}

export function noProfilesError(): ContactsCsvError {
  return new ContactsCsvError('no-profiles', importTexts.noProfilesInFile);
}

/**
 * A binary file (a spreadsheet, an image) holds no profiles we can read, so it gets the spec's
 * 'try another file' text rather than the read-error one, which would invite a pointless retry.
 */
export function binaryFileError(): ContactsCsvError {
  return new ContactsCsvError('binary', importTexts.noProfilesInFile);
}

export function tooManyRowsError(maxRows: number): ContactsCsvError {
  return new ContactsCsvError(
    'too-many-rows',
    `This file has more than ${maxRows} profiles. Please, split it into smaller files.`,
  );
}
