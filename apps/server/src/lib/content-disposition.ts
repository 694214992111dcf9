// The Content-Disposition of a download: a plain ASCII name for old clients and the exact one (RFC 5987) for the rest.
export function contentDisposition(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
