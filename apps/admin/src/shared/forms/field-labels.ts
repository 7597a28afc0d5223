/**
 * Names of a form's fields as operators read them. Forms check and servers refuse requests by
 * their field paths (`upi.0.payeeName`); what an operator reads is the field's label ("UPI id 1,
 * Payee name"), never the path.
 */

/** A field's label from its request path. */
export type FieldLabeller = (path: string) => string;

/** `payeeName` → `Payee name`, `minStake` → `Min stake`, `ifsc` → `Ifsc`. */
function words(name: string): string {
  const spaced = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The label of a path a form names nothing for: each part in words, a list position counted
 * from one and joined to its list (`upi.0.payeeName` → `Upi 1, Payee name`).
 */
export function labelFromPath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('.').filter(Boolean)) {
    const last = parts.length - 1;
    if (/^\d+$/.test(part) && last >= 0) parts[last] = `${parts[last]} ${Number(part) + 1}`;
    else parts.push(words(part));
  }
  return parts.join(', ') || 'This form';
}

/**
 * A server's validation details (`path: message` parts separated by `; `) with each path given
 * as its label; parts that name no field stay as they are.
 */
export function readableDetails(details: string, labelOf: FieldLabeller = labelFromPath): string {
  return details
    .split('; ')
    .map((part) => {
      const match = /^([\w.-]+): (.+)$/.exec(part.trim());
      return match?.[1] && match[2] ? `${labelOf(match[1])}: ${match[2]}` : part;
    })
    .join('; ');
}
