/** Addresses on this machine, which the manifest already lets Buyline reach. */
export function isLocalOrigin(origin: string): boolean {
  return /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin);
}

/** The service address as typed, made into one Buyline can use, or why not. */
export function serviceAddress(text: string): { url: string; origin: string } | { error: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return {
      error: 'Service address must be a full address, such as https://api.example.com.',
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { error: 'Service address must start with https:// (or http:// on this machine).' };
  return { url: url.href.replace(/\/+$/, ''), origin: url.origin };
}
