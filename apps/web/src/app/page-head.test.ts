import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Under happy-dom import.meta.url is not a file URL; the module's directory still is a path.
const webRoot = path.resolve(import.meta.dirname, '../..');

describe('the page head and the icon', () => {
  it('describes the product for search results and link previews', async () => {
    const html = await readFile(path.join(webRoot, 'index.html'), 'utf8');
    const page = new DOMParser().parseFromString(html, 'text/html');
    const description = page.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description).toMatch(/LinkedIn outreach/);
    expect(page.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe('/favicon.ico');
  });

  it('ships /favicon.ico (copied to the build root by Vite), a real icon file', async () => {
    const icon = await readFile(path.join(webRoot, 'public/favicon.ico'));
    // ICONDIR: reserved 0, type 1 (icon), at least one image.
    expect([icon.readUInt16LE(0), icon.readUInt16LE(2)]).toEqual([0, 1]);
    expect(icon.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
