import {
  RENTAL_CONTRACT_MESSAGES as M,
  rentalContractBulkInputSchema,
  rentalContractInputSchema,
  rentalContractLineSchema,
} from '../../shared/schemas/rental-contract';

/** The bounds of a rental contract line (shared/schemas/rental-contract.ts), as the API and the console read them. */
const valid = {
  customer: 4,
  asset: 12,
  onHire: '2026-03-02',
  expectedReturn: '2026-03-31',
  deliverySite: { address: 'Havenweg 1, Rotterdam' },
};
const problems = (input: unknown) => {
  const parsed = rentalContractInputSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('rental contract line', () => {
  it('takes a line by asset and fills the defaults', () => {
    expect(rentalContractInputSchema.parse(valid)).toMatchObject({ status: 'active', customer: 4, asset: 12 });
  });

  it('reads a timestamp as its calendar day in the product time zone', () => {
    expect(rentalContractInputSchema.parse({ ...valid, onHire: '2026-03-01T23:30:00Z' }).onHire).toBe('2026-03-02');
    expect(problems({ ...valid, onHire: '2026-02-30' })).toEqual([`onHire: ${M.day}`]);
    expect(problems({ ...valid, onHire: '1999-12-31' })).toEqual([`onHire: ${M.day}`]);
  });

  it('keeps expected return and off-hire on or after the on-hire day', () => {
    expect(problems({ ...valid, expectedReturn: '2026-03-01' })).toEqual([`expectedReturn: ${M.expectedReturn}`]);
    expect(problems({ ...valid, offHire: '2026-03-01' })).toEqual([`offHire: ${M.offHire}`]);
    expect(problems({ ...valid, expectedReturn: '2026-03-02', offHire: '2026-03-02' })).toEqual([]);
  });

  it('rents either one asset or an asset profile with a quantity of at least 1', () => {
    const byProfile = { ...valid, asset: null, assetProfile: 3 };
    expect(problems({ ...byProfile, quantity: 5 })).toEqual([]);
    expect(problems(byProfile)).toEqual([`quantity: ${M.quantity}`]);
    expect(problems({ ...byProfile, quantity: 0 })).toEqual([`quantity: ${M.quantity}`]);
    expect(problems({ ...byProfile, quantity: 1.5 })).toEqual([`quantity: ${M.quantity}`]);
    expect(problems({ ...valid, assetProfile: 3, quantity: 2 })).toEqual([
      `asset: ${M.assetOrProfile}`,
      `quantity: ${M.quantityWithAsset}`,
    ]);
    expect(problems({ ...valid, asset: null })).toEqual([`asset: ${M.assetOrProfile}`]);
  });

  it('needs an address or a geo zone as the delivery site', () => {
    expect(problems({ ...valid, deliverySite: { geoZone: 7 } })).toEqual([]);
    expect(problems({ ...valid, deliverySite: { address: ' ' } })).toEqual([`deliverySite: ${M.deliverySite}`]);
  });

  it('keeps a day rate as a decimal of at most 2 places with an ISO currency', () => {
    const rate = (dayRate: unknown) => rentalContractInputSchema.safeParse({ ...valid, dayRate });
    expect(rate({ amount: 12.5, currency: 'eur' }).data?.dayRate).toEqual({ amount: '12.50', currency: 'EUR' });
    expect(rate({ amount: '0', currency: 'EUR' }).success).toBe(false);
    expect(rate({ amount: '1.005', currency: 'EUR' }).success).toBe(false);
    expect(rate({ amount: '1000001', currency: 'EUR' }).success).toBe(false);
    expect(rate({ amount: '10', currency: 'EURO' }).success).toBe(false);
  });

  it('bounds the external id to safe characters', () => {
    const line = (externalId: unknown) => rentalContractLineSchema.safeParse({ ...valid, externalId }).success;
    expect(line('SO-2026/001')).toBe(false);
    expect(line('SO#1')).toBe(false);
    expect(line('-SO1')).toBe(false);
    expect(line('x'.repeat(65))).toBe(false);
    expect(line('SO-2026.001:3_a')).toBe(true);
  });

  it('refuses the status it does not know, and a bulk of none or more than 5,000 lines', () => {
    expect(problems({ ...valid, status: 'deleted' })).toEqual([`status: ${M.status}`]);
    expect(rentalContractBulkInputSchema.safeParse({ lines: [] }).success).toBe(false);
    const many = Array.from({ length: 5001 }, (_, i) => ({ ...valid, externalId: `L${i}` }));
    expect(rentalContractBulkInputSchema.safeParse({ lines: many }).success).toBe(false);
  });
});
