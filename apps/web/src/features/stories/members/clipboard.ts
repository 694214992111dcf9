// Copying an invite link: the server's url made absolute, written to the clipboard, success told to the caller.

/** The invite's url as someone else must open it; the server may answer a path of this app. */
export function absoluteUrl(url: string): string {
  return new URL(url, window.location.origin).href;
}

/**
 * True when the text is on the clipboard. The Clipboard API is missing outside secure contexts
 * and may be refused (permissions, no focus): callers then show the link to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
