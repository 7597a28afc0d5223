/**
 * The request a queue moves on to once one is decided: the first after it on the page that
 * still waits for the operator, else the first before it (one skipped earlier), else none.
 * The decided one is never answered, whatever its row on screen still says.
 */
export function nextWaiting<Item extends { id: string }>(
  items: readonly Item[],
  decidedId: string,
  waits: (item: Item) => boolean,
): Item | null {
  const at = items.findIndex((item) => item.id === decidedId);
  const candidates = at < 0 ? items : [...items.slice(at + 1), ...items.slice(0, at)];
  return candidates.find((item) => item.id !== decidedId && waits(item)) ?? null;
}
