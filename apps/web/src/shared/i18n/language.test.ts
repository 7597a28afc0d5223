import { describe, expect, it } from 'vitest';
import { clientErrorMessage } from '../api/error-messages';
import { fieldErrorsOf } from '../forms/field-errors';
import { formatDateTime, formatEventStart, formatIndiaTime } from '../format/date-time';
import { formatMoney, formatSignedMoney, formatSize } from '../format/money';
import { i18n, params } from './i18n';
import { chooseLanguage, restoreLanguage, storedLocale } from './language';
import { currentLocale, LANGUAGE_KEY } from './locale';

const messages = i18n('test/language', { greeting: params('Hello {name}') });

describe('the chosen language', () => {
  it('is English until a language is chosen, or when the stored one is unknown', async () => {
    expect(storedLocale()).toBe('en');
    localStorage.setItem(LANGUAGE_KEY, 'fr');
    await restoreLanguage();
    expect(currentLocale.get()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('is stored on this device, named on the page, and comes back on the next start', async () => {
    await chooseLanguage('hi');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');

    currentLocale.set('en');
    await restoreLanguage();
    expect(currentLocale.get()).toBe('hi');
  });

  it('follows the latest choice when two are made at once', async () => {
    await Promise.all([chooseLanguage('hi'), chooseLanguage('en')]);
    expect(currentLocale.get()).toBe('en');
    expect(localStorage.getItem(LANGUAGE_KEY)).toBe('en');
  });

  it('translates text read outside React at once: errors, form messages', async () => {
    await chooseLanguage('hi');
    expect(clientErrorMessage('network')).toBe('कृपया अपना नेटवर्क कनेक्शन जाँचें...');
    expect(
      fieldErrorsOf([
        { path: ['password'], message: 'Password: at least 8 characters' },
        { path: ['code'], message: 'A message the client does not know' },
      ]),
    ).toEqual({
      password: 'पासवर्ड: कम से कम 8 कैरेक्टर',
      code: 'A message the client does not know',
    });
    // A message no catalog has yet stays in English, its values filled in.
    expect(messages.get().greeting({ name: 'Asha' })).toBe('Hello Asha');
  });
});

describe('numbers and dates', () => {
  const at = '2026-11-26T09:00:00Z';
  const now = new Date('2026-11-26T06:00:00Z');

  it('are Indian in English: lakh grouping, 24-hour clock', () => {
    expect(formatMoney(100000)).toBe('1,00,000.00');
    expect(formatDateTime(at, { timeZone: 'Asia/Kolkata' })).toBe('26 Nov 2026, 14:30');
    expect(formatEventStart(at, { timeZone: 'Asia/Kolkata', now })).toBe('Today 14:30');
  });

  it('are Indian in Hindi too, with Latin digits', async () => {
    await chooseLanguage('hi');
    expect(formatMoney(1234567.5)).toBe('12,34,567.50');
    expect(formatSignedMoney(-300)).toBe('−300.00');
    expect(formatDateTime(at, { timeZone: 'Asia/Kolkata' })).toBe('26 नव॰ 2026, 14:30');
    expect(formatEventStart(at, { timeZone: 'Asia/Kolkata', now })).toBe('आज 14:30');
    expect(
      formatEventStart(at, { timeZone: 'Asia/Kolkata', venueTimeZone: 'Europe/London', now }),
    ).toBe('आज 09:00 स्थानीय समय, 14:30 आपका समय');
    expect(formatIndiaTime(at)).toBe('26 नव॰, 14:30 IST');
    // Ladder sizes keep K and L, which fit a price cell.
    expect(formatSize(12_500)).toBe('12.5K');
  });
});
