/**
 * One normalisation for stored place text and for what people type, so "King's Cross",
 * "kings cross" and "KINGS-CROSS" meet in the middle. Lower case, accents dropped,
 * apostrophes removed, every other non-alphanumeric run becomes one space.
 */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The distinct words of a search, in the order typed. */
export function searchWords(text: string): string[] {
  const words = normalisePlaceText(text).split(' ').filter(Boolean);
  return [...new Set(words)];
}

/**
 * Escapes LIKE's wildcards and its escape character, so a typed `%` or `_` matches itself.
 * Normalised text holds none of them today; this keeps the query safe if that ever changes.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
