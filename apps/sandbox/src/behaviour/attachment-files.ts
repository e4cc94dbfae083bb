import type { SandboxAttachment } from '@outpilot/contracts';
import type { AttachmentRecord } from '../network-state/network-state.ts';
import { hashString } from '../population/prng.ts';

/**
 * The files members send each other, made from the attachment's id so the same network serves
 * the same bytes every time and nothing but the id and name is stored. Each is a real file of its
 * kind (a browser plays the WAV, shows the GIF and the SVG, opens the text file).
 */
export type AttachmentFile = { bytes: Uint8Array; mediaType: string; durationMs: number | null };

const audioSampleRate = 8000;

/** 8-bit mono PCM WAV: a short tone whose pitch and length come from the id. */
function wavTone(key: number): { bytes: Uint8Array; durationMs: number } {
  const durationMs = 1000 + (key % 4) * 500;
  const samples = Math.round((audioSampleRate * durationMs) / 1000);
  const frequency = 220 + (key % 7) * 55;
  const bytes = new Uint8Array(44 + samples);
  const view = new DataView(bytes.buffer);
  const ascii = (offset: number, text: string) => {
    for (const [i, char] of [...text].entries()) bytes[offset + i] = char.charCodeAt(0);
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, audioSampleRate, true);
  view.setUint32(28, audioSampleRate, true); // byte rate: 1 byte per sample
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  ascii(36, 'data');
  view.setUint32(40, samples, true);
  for (let i = 0; i < samples; i += 1) {
    bytes[44 + i] = Math.round(128 + 60 * Math.sin((2 * Math.PI * frequency * i) / audioSampleRate));
  }
  return { bytes, durationMs };
}

/** A 2×2 GIF89a in two colours from the id. */
function gif(key: number): Uint8Array {
  const [r, g, b] = [(key >> 16) & 0xff, (key >> 8) & 0xff, key & 0xff];
  return Uint8Array.from([
    // Header, logical screen 2×2 with a 2-colour global table.
    0x47,
    0x49,
    0x46,
    0x38,
    0x39,
    0x61,
    0x02,
    0x00,
    0x02,
    0x00,
    0x80,
    0x00,
    0x00,
    r,
    g,
    b,
    0xff,
    0xff,
    0xff,
    // Image descriptor and LZW data (minimum code size 2), pixels 0,1,1,0 as 3-bit codes with a clear code
    // after two pixels so the code size never grows: clear 0 1 clear 1 0 end.
    0x2c,
    0x00,
    0x00,
    0x00,
    0x00,
    0x02,
    0x00,
    0x02,
    0x00,
    0x00,
    0x02,
    0x03,
    0x44,
    0x18,
    0x14,
    0x00,
    0x3b,
  ]);
}

function svgImage(key: number, name: string): Uint8Array {
  const hue = key % 360;
  const label = name.replace(/[^A-Za-z0-9 .-]/g, '');
  return new TextEncoder().encode(
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" viewBox="0 0 320 200">` +
      `<rect width="320" height="200" fill="hsl(${hue} 55% 70%)"/>` +
      `<circle cx="90" cy="100" r="50" fill="hsl(${(hue + 120) % 360} 55% 45%)"/>` +
      `<text x="160" y="180" font-family="sans-serif" font-size="16">${label}</text></svg>`,
  );
}

function textFile(key: number, name: string): Uint8Array {
  const lines = [`${name}`, '', 'Quarter,Pipeline,Won'];
  for (let quarter = 1; quarter <= 4; quarter += 1) {
    lines.push(`Q${quarter},${((key >> quarter) % 90) + 10},${((key >> (quarter + 4)) % 9) + 1}`);
  }
  return new TextEncoder().encode(`${lines.join('\n')}\n`);
}

export function attachmentFile(record: AttachmentRecord): AttachmentFile | null {
  const key = hashString(`attachment:${record.attachmentId}`);
  switch (record.kind) {
    case 'audio': {
      const { bytes, durationMs } = wavTone(key);
      return { bytes, mediaType: 'audio/wav', durationMs };
    }
    case 'gif':
      return { bytes: gif(key), mediaType: 'image/gif', durationMs: null };
    case 'image':
      return { bytes: svgImage(key, record.name), mediaType: 'image/svg+xml', durationMs: null };
    case 'file':
      return { bytes: textFile(key, record.name), mediaType: 'text/csv', durationMs: null };
    case 'video_meeting':
      return null;
  }
}

/** The attachment as the conversation listing shows it, with the address the network serves it at. */
export function toSandboxAttachment(record: AttachmentRecord, url: string): SandboxAttachment {
  const file = attachmentFile(record);
  return {
    kind: record.kind,
    url: file ? url : null,
    name: record.name,
    byteSize: file?.bytes.length ?? 0,
    mediaType: file?.mediaType ?? 'application/octet-stream',
    durationMs: file?.durationMs ?? null,
  };
}
