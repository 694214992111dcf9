// Hands a file made or downloaded by the page to the browser's download under its name.

/** Saves `blob` as `name` through an object URL and a clicked link (the browser's own download). */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has handed the file over; revoking at once may cancel it in some browsers.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
