/** Who made a version: an operator's name, or the seed read from `config/domains`. */
export function changedByText(changedBy: string | null): string {
  return changedBy ?? 'config seed';
}
