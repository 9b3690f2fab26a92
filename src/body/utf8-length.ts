/**
 * The bytes of a string's UTF-8 encoding (of its units before `end`), counted without encoding it: a UTF-16 unit
 * takes 1 to 3 bytes, a surrogate pair 4. The count stops once it passes `stopAbove`, for a caller that only
 * asks whether it does.
 */
export function utf8Length(text: string, stopAbove = Infinity, end = text.length): number {
  let bytes = 0;
  for (let i = 0; i < end && bytes <= stopAbove; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if ((unit & 0xfc00) === 0xd800 && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
