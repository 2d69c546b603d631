/** Hands a file to the browser's download handling, as a link with `download` would. */
export function saveFile({ blob, filename }: { blob: Blob; filename: string }): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the blob after click() returns, so it is released a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
