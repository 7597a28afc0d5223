/** Rupees as players read them in messages: ₹1,00,000 or ₹1,00,000.50 (Indian digit grouping). */
const WHOLE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const WITH_PAISE = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatRupees(minor: number): string {
  return (minor % 100 === 0 ? WHOLE : WITH_PAISE).format(minor / 100);
}
