/**
 * Saves a Blob under `fileName` through a temporary <a download>: a file that comes from a POST
 * (or is made in the page) has no address a plain link could point at.
 */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not revoked at once: some browsers start reading the URL only after click() has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
