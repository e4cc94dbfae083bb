import { importTexts } from '@outpilot/contracts';
import { ContactsCsvError, decodeCsvBytes, parseContactsCsv } from '@outpilot/domain';

export type ContactsFileReading = { ok: true; count: number } | { ok: false; message: string };

/** Reads a chosen file as the server will (encoding detected, §5 layout) to show the count first. */
export async function readContactsFile(file: Blob): Promise<ContactsFileReading> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return { ok: false, message: importTexts.fileReadError };
  }
  try {
    const { records } = parseContactsCsv(decodeCsvBytes(bytes));
    if (records.length === 0) return { ok: false, message: importTexts.noProfilesInFile };
    return { ok: true, count: records.length };
  } catch (error) {
    if (error instanceof ContactsCsvError) return { ok: false, message: error.message };
    return { ok: false, message: importTexts.fileReadError };
  }
}
