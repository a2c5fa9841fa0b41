/** Where 'Y aller' leads: a Google Maps search for the address plus the city (docs/domain/clients.md#cards; a worksite's too). */
export function mapsSearchUrl(address: string | null | undefined, city?: string | null): string | null {
  const street = address?.trim();
  if (!street) return null;
  const query = [street, city?.trim()].filter(Boolean).join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

/** `tel:` link; spaces and dots are left out so every dialer accepts it. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[\s.()/-]/g, "")}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}
