import type { RentalAuditReport } from '@shared/schemas/rental-audit';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api/apiClient';

/** The first answer of a month's audit (GET /api/rental-audit): at most 5,000 days, whole lines. */
export const rentalAuditQuery = (month: string, customer: number | null) =>
  queryOptions({
    queryKey: ['rental-audit', month, customer],
    queryFn: () =>
      api.get<RentalAuditReport>('/api/rental-audit', { query: { month, ...(customer ? { customer } : {}) } }),
    placeholderData: keepPreviousData,
  });

/** The days of a month (YYYY-MM-DD), for the strip's columns. */
export function daysOfMonth(month: string): string[] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`);
}
