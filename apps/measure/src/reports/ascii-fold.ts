/** Latin letters that Unicode decomposition (NFKD) does not reduce to ASCII, with their usual spelling. */
const LETTERS: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Ø: 'O',
  ø: 'o',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ß: 'ss',
  Æ: 'AE',
  æ: 'ae',
  Œ: 'OE',
  œ: 'oe',
  Þ: 'Th',
  þ: 'th',
  ı: 'i',
};

/** Text with accents stripped and the letters above spelt out; other characters are left as they are. */
export function foldLatin(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[ŁłØøĐđĦħßÆæŒœÞþı]/g, (char) => LETTERS[char] ?? char);
}
