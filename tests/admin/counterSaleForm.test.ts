// The counter sale's form checks what the server checks before it asks: money that is not cash names its
// transaction (the server answers 400 REFERENCE_REQUIRED otherwise), and the body sends it as typed.
import { describe, expect, it } from 'vitest';
import { emptySale, saleBody, saleProblems } from '../../admin/trips/counterSaleForm.ts';

const filled = { ...emptySale(), seats: [4], firstName: 'Halima', lastName: 'Osman', phone: '0912345678' };

describe('the counter sale form', () => {
  it('asks for the transaction number of every payment but cash', () => {
    expect(saleProblems(filled)).toEqual({});
    for (const method of ['bankak', 'mobile_money', 'other'] as const) {
      expect(saleProblems({ ...filled, method }).reference).toEqual([
        'rihla.errors.codes.REFERENCE_REQUIRED',
      ]);
      expect(saleProblems({ ...filled, method, reference: '  ' }).reference).toEqual([
        'rihla.errors.codes.REFERENCE_REQUIRED',
      ]);
      expect(saleProblems({ ...filled, method, reference: 'BK 7712' })).toEqual({});
    }
  });

  it('sends the transaction number trimmed, and none for cash left blank', () => {
    expect(
      saleBody({ ...filled, method: 'bankak', reference: ' BK 7712 ' }, 'trip1', 100, 'key12345'),
    ).toMatchObject({
      paymentMethod: 'bankak',
      paymentReference: 'BK 7712',
    });
    expect(saleBody(filled, 'trip1', 100, 'key12345')).not.toHaveProperty('paymentReference');
  });
});
