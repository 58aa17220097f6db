import { type AssetProfileValue, cableSummaryOf } from '../../shared/schemas/asset-profile';

const definition = {
  definitions: [
    {
      name: 'cables',
      type: 'cables' as const,
      value: [
        { id: 1, name: 'YMvK 4x2,5', data: { description: 'Installatiekabel PVC', diameter: 11 } },
        { id: 2, name: 'GPLK 3x95', data: { description: '', diameter: 52 } },
      ],
    },
  ],
};
const values = (cable: number | null, residual: number | null): AssetProfileValue[] => [
  { name: 'cable_reel', value: null },
  { name: 'cable', value: cable },
  { name: 'cable_length', value: 500 },
  { name: 'residual_length', value: residual },
];

describe('cable summary of an asset (the list’s profile column)', () => {
  it('takes the cable type’s description and the residual length', () => {
    expect(cableSummaryOf(values(1, 120), definition as never)).toEqual({
      cable: 'Installatiekabel PVC',
      residual_length: 120,
    });
  });

  it('falls back to the article name when the description is empty', () => {
    expect(cableSummaryOf(values(2, null), definition as never)).toEqual({ cable: 'GPLK 3x95', residual_length: null });
  });

  it('is null when neither is known (no cable, or a cable the definition no longer lists)', () => {
    expect(cableSummaryOf(values(null, null), definition as never)).toBeNull();
    expect(cableSummaryOf(values(9, null), definition as never)).toBeNull();
    expect(cableSummaryOf(values(1, 5), undefined)).toEqual({ cable: null, residual_length: 5 });
  });
});
