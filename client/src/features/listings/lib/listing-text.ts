/** Spec §2/§9: card descriptions stop at 50 characters, followed by an ellipsis. */
export const CARD_DESCRIPTION_LIMIT = 50;

export function truncateDescription(text: string, limit = CARD_DESCRIPTION_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}...` : text;
}

export const cityState = (listing: { city: string; state: string }) => `${listing.city}, ${listing.state}`;
