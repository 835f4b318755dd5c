/**
 * The PDF standard fonts (Helvetica) draw only the Windows-1252 ("WinAnsi") characters: pdfkit
 * writes anything else as bytes of the wrong glyphs, and a name such as "Łukasz" or "北京" would
 * come out as garbage. Text from people (names, addresses) passes through here first.
 */

/** The characters above Latin-1 that Windows-1252 holds (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Letters that carry no combining mark, so Unicode decomposition leaves them whole. */
const LOOKALIKES: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŧ: 't',
  Ŧ: 'T',
  ŀ: 'l',
  Ŀ: 'L',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '−': '-',
  '′': "'",
  '″': '"',
};

/** Whether the standard fonts can draw the character. */
function drawable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char)
  );
}

/** A drawable stand-in for one character: the letter without its accent, or '?'. */
function standIn(char: string): string {
  if (char === '\r') return '';
  if (/\s/u.test(char)) return ' ';
  // Zero-width joiners, marks and other format characters have nothing to show.
  if (/[\p{Cf}\p{Mn}\p{Cc}]/u.test(char)) return '';
  const lookalike = LOOKALIKES[char];
  if (lookalike !== undefined) return lookalike;
  const bare = char.normalize('NFKD').replace(/\p{Mn}/gu, '');
  if (bare !== '' && [...bare].every(drawable)) return bare;
  return '?';
}

/**
 * The text with every character the standard fonts cannot draw replaced: accents dropped where
 * that leaves a plain letter ("Ő" → "O", "ł" → "l"), anything else (other scripts) shown as '?'.
 * Line breaks are kept; other control characters become spaces.
 */
export function winAnsiText(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    out += char === '\n' || drawable(char) ? char : standIn(char);
  }
  return out;
}
