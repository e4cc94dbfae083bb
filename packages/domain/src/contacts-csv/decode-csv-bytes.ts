import { binaryFileError } from './contacts-csv-error.ts';

/** How many leading bytes the UTF-16 and binary heuristics look at. */
const sampleSize = 64 * 1024;

/**
 * The text of an uploaded contact file, its encoding detected (§5 'encoding auto-detected'):
 * a BOM (UTF-8, UTF-16 LE/BE) wins; BOM-less UTF-16 shows as NUL bytes in every other position;
 * then UTF-8 if the bytes are valid UTF-8, else Windows-1252 (what Excel writes on Windows).
 * The BOM is not part of the answer. A binary file throws ContactsCsvError('binary').
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  const text = decodeText(bytes);
  if (looksBinary(text)) throw binaryFileError();
  return text;
}

function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const utf16 = guessUtf16(bytes);
  if (utf16 !== null) return new TextDecoder(utf16).decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/** Mostly-Latin UTF-16 text has a NUL as the high byte of nearly every character. */
function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const length = Math.min(bytes.length, sampleSize) & ~1;
  if (length < 4) return null;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let index = 0; index < length; index += 2) {
    if (bytes[index] === 0) evenNuls += 1;
    if (bytes[index + 1] === 0) oddNuls += 1;
  }
  const pairs = length / 2;
  if (oddNuls > pairs * 0.3 && evenNuls < pairs * 0.05) return 'utf-16le';
  if (evenNuls > pairs * 0.3 && oddNuls < pairs * 0.05) return 'utf-16be';
  return null;
}

// 0x80-0x9F of Windows-1252 (undefined bytes keep their C1 code). Node's TextDecoder reads the
// 'windows-1252' label as plain Latin-1, which would turn “smart quotes” and € into controls.
const windows1252High = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

export function decodeWindows1252(bytes: Uint8Array): string {
  const chunkSize = 8192;
  const parts: string[] = [];
  const codes = new Uint16Array(chunkSize);
  for (let start = 0; start < bytes.length; start += chunkSize) {
    const end = Math.min(start + chunkSize, bytes.length);
    for (let index = start; index < end; index += 1) {
      const byte = bytes[index] as number;
      codes[index - start] = byte >= 0x80 && byte <= 0x9f ? (windows1252High[byte - 0x80] as number) : byte;
    }
    parts.push(String.fromCharCode(...codes.subarray(0, end - start)));
  }
  return parts.join('');
}

/** NULs or many control characters (other than tab, CR, LF, FF) mean the file is not text. */
function looksBinary(text: string): boolean {
  const length = Math.min(text.length, sampleSize);
  let controls = 0;
  for (let index = 0; index < length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0) return true;
    if (code < 32 && code !== 9 && code !== 10 && code !== 13 && code !== 12) controls += 1;
  }
  return controls > Math.max(8, length * 0.01);
}
