import { apiErrorOf, apiUrl, authorizedFetch } from '../../api/authorized-fetch.ts';
import type { Bridge } from '../../bridge/bridge.ts';

/**
 * File calls of the main API that the JSON client does not cover: a CSV download (export,
 * example) and a file upload. Same bearer token and the same ApiError on failure.
 */
export type ApiFileRequest = {
  baseUrl: string;
  bridge: Bridge;
  path: string;
  method?: 'GET' | 'POST';
  query?: Record<string, string | number | undefined>;
  body?: BodyInit;
  contentType?: string;
  fetch?: typeof fetch;
};

export async function fetchApiFile({
  baseUrl,
  bridge,
  path,
  method = 'GET',
  query = {},
  body,
  contentType,
  fetch: fetchFn = fetch,
}: ApiFileRequest): Promise<Response> {
  const response = await authorizedFetch({
    bridge,
    url: apiUrl(baseUrl, path, query),
    init: { method, headers: contentType ? { 'content-type': contentType } : {}, body },
    fetch: fetchFn,
  });
  if (!response.ok) throw await apiErrorOf(response);
  return response;
}

/** The file name of a Content-Disposition header, else the fallback. */
export function readFileName(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="?([^";]+)"?/i.exec(header)?.[1] ?? fallback;
}

/** Saves a blob through a temporary link, as a browser download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
