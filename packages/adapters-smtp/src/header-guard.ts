/**
 * The last check before a value becomes a mail header or an SMTP command. Values are checked
 * where they come in (a 422 there); one that still holds CR, LF or NUL here is a bug upstream,
 * and the mail is not sent.
 */
export function refuseUnsafeHeaders(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (/[\r\n\0]/u.test(value)) throw new Error(`refused to send mail: ${name} holds CR, LF or NUL`);
  }
}

/**
 * One plain address (`local@domain`), nothing an address parser could read as a second
 * recipient, a display name or a comment.
 */
export function refuseUnlikelyAddresses(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!/^[^\s@<>()[\],;:"\\]+@[^\s@<>()[\],;:"\\]+$/u.test(value)) {
      throw new Error(`refused to send mail: ${name} is not one plain address`);
    }
  }
}
