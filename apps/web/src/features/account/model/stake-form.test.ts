import { DEFAULT_STAKES } from '@backlay/contract/account';
import { describe, expect, it } from 'vitest';
import { toRows, validateStakes } from './stake-form';

const rows = () => toRows(DEFAULT_STAKES);

describe('validateStakes', () => {
  it('accepts the defaults as they are shown', () => {
    expect(validateStakes(rows())).toEqual({ ok: true, stakes: DEFAULT_STAKES });
  });

  it('reads amounts typed with digit grouping and sanitises labels', () => {
    const edited = rows();
    edited[0] = { title: '<b>10k</b>', value: '10,000' };
    const checked = validateStakes(edited);
    expect(checked.ok && checked.stakes[0]).toEqual({ title: '10k', value: 10_000 });
  });

  it('gives each broken field a clear message', () => {
    const edited = rows();
    edited[0] = { title: '', value: '' };
    edited[1] = { title: 'much too long a label', value: 'abc' };
    edited[2] = { title: 'ok', value: '0' };
    edited[3] = { title: 'ok', value: '12.5' };
    edited[4] = { title: 'ok', value: '1000000000' };
    edited[5] = { title: `drop`, value: '-5' };

    const checked = validateStakes(edited);

    expect(checked).toEqual({
      ok: false,
      errors: {
        '0.title': 'Enter a label',
        '0.value': 'Enter an amount',
        '1.title': 'Label: at most 12 characters',
        '1.value': 'Enter an amount',
        '2.value': 'Amount: more than 0',
        '3.value': 'Amount: whole numbers only',
        '4.value': 'Amount: at most 10,00,00,000',
        // A label that is only an SQL word is sanitised away, so it is missing.
        '5.title': 'Enter a label',
        '5.value': 'Amount: more than 0',
      },
    });
  });

  it('wants exactly eight buttons', () => {
    const checked = validateStakes(rows().slice(0, 7));
    expect(checked).toEqual({ ok: false, errors: { form: 'Exactly 8 stake buttons' } });
  });
});
