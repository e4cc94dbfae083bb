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

/** Saves a file answer under the server's file name (else the fallback). */
export async function saveFileAnswer(response: Response, fallbackName: string): Promise<void> {
  saveFile(await response.blob(), readFileName(response, fallbackName));
}
