// The report's date in the user's time zone: an ISO 8601 time with the zone's UTC offset, so its calendar date is the user's.

export const DEFAULT_TIME_ZONE = 'Europe/Prague';

/** The zone when Intl knows it (the browser sends its own), else the product's home zone. */
export function knownTimeZone(zone: string | undefined): string {
  if (zone === undefined || zone === '') return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** "2026-11-24T00:30:00+01:00" for 2026-11-23T23:30:00Z in Europe/Prague. */
export function localIsoString(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  // "GMT+01:00", or "GMT" for UTC itself.
  const offset = (parts.timeZoneName ?? 'GMT').replace('GMT', '') || '+00:00';
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offset}`;
}
