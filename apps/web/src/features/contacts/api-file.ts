import { errorBodySchema } from '@outpilot/contracts';
import { ApiError } from '../../api/api-error.ts';
import type { Bridge } from '../../bridge/bridge.ts';
import { badGatewayText } from '../../bridge/bridge-error.ts';

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
  const { accessToken } = await bridge.send('api', 'getToken', {});
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const queryString = search.toString();
  let response: Response;
  try {
    response = await fetchFn(`${baseUrl.replace(/\/$/, '')}${path}${queryString ? `?${queryString}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        ...(contentType ? { 'content-type': contentType } : {}),
      },
      body,
    });
  } catch {
    throw new ApiError(0, { name: 'BadGateway', message: badGatewayText });
  }
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(await response.json().catch(() => undefined));
    throw new ApiError(
      response.status,
      parsed.success
        ? parsed.data
        : { name: 'ClientError', message: `Request failed with status ${response.status}` },
    );
  }
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
