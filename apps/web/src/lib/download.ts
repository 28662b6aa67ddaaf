/**
 * Saves a file the API answered on the phone or computer under its own name. The API is reached
 * with a bearer token (docs/product/entities-and-states.md), so a plain link cannot fetch it: the bytes come through the API
 * client and are handed to the browser as a download.
 */
export function saveFile(content: Blob, filename: string): void {
  const url = URL.createObjectURL(content);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by the next task; the URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A base64 file of the API (`{ filename, content_type, base64 }`) as a Blob. */
export const base64Blob = (base64: string, type: string): Blob =>
  new Blob([Uint8Array.from(atob(base64), (character) => character.charCodeAt(0))], { type });
